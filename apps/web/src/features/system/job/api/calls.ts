import {
  JOB_FILE_PATHS,
  type JobDeviceListQuery,
  type JobDevicesAdd,
  type JobDevicesDelete,
  jobEndpoints,
  type JobRunInput,
  type JobRunListQuery,
  type JobStatusInput,
} from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useListWrite } from '../../../../components/crud/api/list-mutations';
import type { ListEndpoints } from '../../../../components/crud/list-definition';
import { api } from '../../../../lib/api';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/**
 * The job list's calls as the declarative CRUD knows them: add is POST, update PUT (the body names jobId), delete
 * `DELETE …/:id`. Every read sits under ['job'] — runs and devices included — so any write (a run started, a device
 * added) refreshes the list's last outcome and device counts with them.
 */
export const JOB_ENDPOINTS: ListEndpoints = {
  keyRoot: jobEndpoints.list.key,
  add: jobEndpoints.add,
  update: jobEndpoints.update,
  remove: jobEndpoints.remove,
};

/** A run moves by itself (started, then done): an open history is read again this often while one runs. */
export const RUNNING_REFETCH_MS = 2_000;

/** A page of a job's runs, newest first; read again every few seconds while the newest has not ended. */
export const jobRunsQueryOptions = (query: JobRunListQuery) =>
  queryOptions({
    queryKey: endpointKey(jobEndpoints.runs, query),
    queryFn: () => callEndpoint(jobEndpoints.runs, { query: { ...query } }),
    placeholderData: keepPreviousData,
    refetchInterval: (read) => (read.state.data?.list.some((run) => run.endTime === null) ? RUNNING_REFETCH_MS : false),
  });

/** A page of a job's devices. */
export const jobDevicesQueryOptions = (query: JobDeviceListQuery) =>
  queryOptions({
    queryKey: endpointKey(jobEndpoints.devicesList, query),
    queryFn: () => callEndpoint(jobEndpoints.devicesList, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** Pause (paused) or resume (running). */
export const useChangeJobStatus = () =>
  useListWrite(JOB_ENDPOINTS, (body: JobStatusInput) => callEndpoint(jobEndpoints.changeStatus, { body }));

/** Run now, by hand; answers the run as recorded when it started. Silent: the screen says the run has started. */
export const useRunJob = () =>
  useListWrite(JOB_ENDPOINTS, (body: JobRunInput) => callEndpoint(jobEndpoints.run, { body }, { silent: true }));

export const useAddJobDevices = () =>
  useListWrite(JOB_ENDPOINTS, (body: JobDevicesAdd) => callEndpoint(jobEndpoints.devicesAdd, { body }));

/** Takes devices off a job: their ids comma-separated, as the contract reads them. */
export const useRemoveJobDevices = () =>
  useListWrite(JOB_ENDPOINTS, ({ jobId, deviceIds }: { jobId: number; deviceIds: readonly number[] }) =>
    callEndpoint(jobEndpoints.devicesDelete, {
      // Sent as the text the contract reads (1,2,3); the declared type is the ids the server parses it into.
      query: { jobId, deviceIds: deviceIds.join(',') } as unknown as JobDevicesDelete,
    }),
  );

/**
 * The job-list import: the jobId field, then the file. All rows or none; the server's word (how many were added, or
 * which codes it does not know) is shown as it comes, in the console's language.
 */
export const useImportJobDevices = (jobId: number) =>
  useListWrite(JOB_ENDPOINTS, (file: File) =>
    api.upload<unknown>(JOB_FILE_PATHS.devicesImport, file, { fileName: file.name, fields: { jobId: String(jobId) } }),
  );

/** The job-list template (xlsx, one device code a row), saved by the browser. */
export function downloadJobDevicesTemplate(): void {
  // A failure has been told by the api client.
  void api.download(JOB_FILE_PATHS.devicesTemplate).catch(() => undefined);
}

/** A run's file (a scheduled report's xlsx), fetched with the token and saved under the server's name. */
export function downloadRunFile(runId: number): void {
  // A failure has been told by the api client.
  void api.download(JOB_FILE_PATHS.runFile, { runId }).catch(() => undefined);
}
