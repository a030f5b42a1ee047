import { z } from 'zod';
import { idParamSchema } from '../schemas/common.js';
import {
  jobDeviceListQuerySchema,
  jobDevicePageSchema,
  jobDevicesAddSchema,
  jobDevicesDeleteSchema,
  jobInputSchema,
  jobListQuerySchema,
  jobPageSchema,
  jobRunInputSchema,
  jobRunListQuerySchema,
  jobRunPageSchema,
  jobRunSchema,
  jobSchema,
  jobStatusInputSchema,
} from '../schemas/job.js';
import { defineEndpoint } from './endpoint.js';

const JOB = '/dgs/system/job/rest';

/**
 * System › job (SPEC section 7 'Jobs (dgs prefix)', issue 21): the jobs, their status, run now, their devices, and
 * (ours) the run history. A run's file is not a JSON call: its path is JOB_RUN_FILE_PATH.
 */
export const jobEndpoints = {
  /** A page of jobs; cached under ['job', …], the root every change invalidates. */
  list: defineEndpoint({
    method: 'GET',
    path: `${JOB}/list`,
    query: jobListQuerySchema,
    response: jobPageSchema,
    key: ['job'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${JOB}/:id`,
    params: idParamSchema,
    response: jobSchema,
    key: ['job', 'one'],
  }),
  add: defineEndpoint({ method: 'POST', path: JOB, body: jobInputSchema, response: jobSchema }),
  /** The same body with jobId. */
  update: defineEndpoint({ method: 'PUT', path: JOB, body: jobInputSchema, response: jobSchema }),
  remove: defineEndpoint({ method: 'DELETE', path: `${JOB}/:id`, params: idParamSchema, response: z.null() }),
  /** Pause (paused) or resume (running); answers the job with its next run time. */
  changeStatus: defineEndpoint({
    method: 'PUT',
    path: `${JOB}/changeStatus`,
    body: jobStatusInputSchema,
    response: jobSchema,
  }),
  /** Run now, by hand (also when paused); answers the run as recorded when it started. */
  run: defineEndpoint({ method: 'PUT', path: `${JOB}/run`, body: jobRunInputSchema, response: jobRunSchema }),
  devicesAdd: defineEndpoint({
    method: 'POST',
    path: `${JOB}/devices/add`,
    body: jobDevicesAddSchema,
    response: z.object({ added: z.number().int() }),
  }),
  devicesList: defineEndpoint({
    method: 'GET',
    path: `${JOB}/devices/list`,
    query: jobDeviceListQuerySchema,
    response: jobDevicePageSchema,
    key: ['job', 'devices'],
  }),
  devicesDelete: defineEndpoint({
    method: 'GET',
    path: `${JOB}/devices/delete`,
    query: jobDevicesDeleteSchema,
    response: z.object({ removed: z.number().int() }),
  }),
  /** A job's runs, newest first, with their logs. */
  runs: defineEndpoint({
    method: 'GET',
    path: `${JOB}/runs`,
    query: jobRunListQuerySchema,
    response: jobRunPageSchema,
    key: ['job', 'runs'],
  }),
};

/**
 * The job calls that are files, not JSON envelopes: a run's file (runId; fetched with the token header), and the
 * job-list template (xlsx, one deviceCode a row) with its import (multipart: the jobId field, then the file) that adds
 * the listed devices to a job.
 */
export const JOB_FILE_PATHS = {
  runFile: `${JOB}/runs/file`,
  devicesTemplate: `${JOB}/devices/template`,
  devicesImport: `${JOB}/devices/import`,
} as const;
