import { Readable } from 'node:stream';
import { idSchema, JOB_FILE_PATHS, jobEndpoints, jobRunFileQuerySchema, writeCode } from '@envmon/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { envelopeResponses, fileResponses, ok } from '../../lib/envelope.js';
import { DomainError, forbidden } from '../../lib/errors.js';
import { languageOf, messageText } from '../../lib/messages.js';
import { uploadedChunks } from '../../lib/upload.js';
import { attachment, attachmentOf } from '../../lib/xlsx-template.js';
import { signedIn } from '../../plugins/auth.js';
import type { AuthContext } from '../session/permission.js';
import { XLSX_MIME } from '../crud/crud.export.js';
import type { JobService } from './job.service.js';

export const JOB_PERMISSION = 'system.job';
const READ = { permission: JOB_PERMISSION };
const WRITE = { permission: writeCode(JOB_PERMISSION) };
const tags = ['job'];

/**
 * The caller, when allowed to see jobs at all: jobs act on the whole platform (a job without devices acts on every
 * one; run logs and report files name any station), so a user bound to devices is refused (403) as for the settings
 * that span every station.
 */
function platformCaller(request: FastifyRequest): AuthContext {
  const auth = signedIn(request);
  if (auth.hasBoundDevices && !auth.isAdmin) throw forbidden();
  return auth;
}

/** System › job (SPEC section 7 'Jobs (dgs prefix)', issue 21; paths and schemas: jobEndpoints, JOB_FILE_PATHS). */
export function jobRoutes(app: App, jobs: JobService): void {
  app.route({
    ...endpointRoute(jobEndpoints.list, {
      tags,
      summary: 'Jobs, paged, by name (contains), group, type and status, with their next run time and last run',
    }),
    config: READ,
    handler: async (request) => {
      platformCaller(request);
      return ok(await jobs.list(request.query));
    },
  });

  app.route({
    ...endpointRoute(jobEndpoints.runs, {
      tags,
      summary: "A job's runs, newest first: planned time or who ran it, start, end, outcome, summary, log, file",
    }),
    config: READ,
    handler: async (request) => {
      platformCaller(request);
      return ok(await jobs.runs(request.query));
    },
  });

  app.route({
    ...endpointRoute(jobEndpoints.devicesList, { tags, summary: "A job's devices, paged (none: the job acts on all)" }),
    config: READ,
    handler: async (request) => {
      platformCaller(request);
      return ok(await jobs.devices(request.query));
    },
  });

  app.route({
    ...endpointRoute(jobEndpoints.get, { tags, summary: 'One job' }),
    config: READ,
    handler: async (request) => {
      platformCaller(request);
      return ok(await jobs.get(request.params.id));
    },
  });

  app.route({
    ...endpointRoute(jobEndpoints.add, {
      tags,
      summary:
        'Add a job: name (unique in its group), type with its parameters, cron and time zone, status, misfire policy, concurrency, time-out',
    }),
    config: WRITE,
    handler: async (request) => ok(await jobs.add(request.body, platformCaller(request).userName)),
  });

  app.route({
    ...endpointRoute(jobEndpoints.update, {
      tags,
      summary: 'Edit a job (jobId); a new schedule counts from now',
    }),
    config: WRITE,
    handler: async (request) => {
      platformCaller(request);
      return ok(await jobs.update(request.body));
    },
  });

  app.route({
    ...endpointRoute(jobEndpoints.remove, { tags, summary: 'Delete a job with its devices and run history' }),
    config: WRITE,
    handler: async (request) => {
      platformCaller(request);
      await jobs.remove(request.params.id);
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute(jobEndpoints.changeStatus, {
      tags,
      summary: 'Pause (paused) or resume (running) a job; resumed, its schedule counts from now',
    }),
    config: WRITE,
    handler: async (request) => {
      platformCaller(request);
      return ok(await jobs.changeStatus(request.body));
    },
  });

  app.route({
    ...endpointRoute(jobEndpoints.run, {
      tags,
      summary: 'Run a job now, by hand (a paused one too), unless its previous run still runs; answers the run started',
    }),
    config: WRITE,
    handler: async (request) => ok(await jobs.run(request.body, platformCaller(request).userName)),
  });

  app.route({
    ...endpointRoute(jobEndpoints.devicesAdd, { tags, summary: 'Add devices to a job (those it has are kept once)' }),
    config: WRITE,
    handler: async (request) => {
      platformCaller(request);
      return ok(await jobs.addDevices(request.body));
    },
  });

  app.route({
    ...endpointRoute(jobEndpoints.devicesDelete, {
      tags,
      summary: 'Take devices off a job (deviceIds comma-separated)',
    }),
    // A GET that changes data: logged like the POSTs.
    config: { ...WRITE, operationLog: true },
    handler: async (request) => {
      platformCaller(request);
      return ok(await jobs.removeDevices(request.query));
    },
  });

  app.get(
    JOB_FILE_PATHS.runFile,
    {
      config: READ,
      schema: {
        tags,
        summary: "A run's file (a scheduled report's xlsx), as an attachment (the console fetches it with the token)",
        querystring: jobRunFileQuerySchema,
        response: fileResponses('the file the run wrote'),
      },
    },
    async (request, reply) => {
      platformCaller(request);
      const file = await jobs.runFile(request.query.runId);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', attachmentOf(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from([file.content]));
    },
  );

  app.get(
    JOB_FILE_PATHS.devicesTemplate,
    {
      config: READ,
      schema: {
        tags,
        summary: 'The job-list template (xlsx): a device code (MN) a row',
        response: fileResponses('xlsx workbook'),
      },
    },
    async (request, reply) => {
      platformCaller(request);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', attachment('job-devices-template.xlsx', '任务设备导入模板.xlsx'))
        .send(Readable.from([await jobs.template()]));
    },
  );

  app.post(
    JOB_FILE_PATHS.devicesImport,
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Add the devices a job-list xlsx names to a job (multipart: the jobId field, then the file); all listed MNs must exist, else nothing is added',
        consumes: ['multipart/form-data'],
        response: envelopeResponses(z.object({ added: z.number().int() })),
      },
    },
    async (request) => {
      platformCaller(request);
      const file = await request.file();
      if (!file) throw new DomainError('importNoFile');
      // Fields are read as they come: jobId must precede the file in the form.
      const field = file.fields.jobId;
      const jobId = idSchema.safeParse(field && !Array.isArray(field) && field.type === 'field' ? field.value : '');
      if (!jobId.success) throw new DomainError('invalidInput');
      // Read as it arrives; past LIMITS.uploadMaxBytes this throws a 413, answered '文件过大！' by the error handler.
      const { added } = await jobs.importDevices(jobId.data, uploadedChunks(file));
      return ok({ added }, messageText(languageOf(request), 'jobDevicesImported', { count: added }));
    },
  );
}
