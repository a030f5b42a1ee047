import {
  type Job,
  type JobDevice,
  type JobLastRun,
  type JobMisfirePolicy,
  type JobRun,
  type JobRunOutcome,
  type JobStatus,
  type JobTypedParams,
  jobTypedParamsSchema,
} from '@envmon/shared';
import type { JobDeviceRow, JobRow, JobRunRow } from './job.repository.js';
import { nextRunTime } from './schedule.js';

/** The stored type and parameters, parsed as the type's schema says (defaults of later versions filled in). */
export function typedParams(row: Pick<JobRow, 'type' | 'params'>): JobTypedParams {
  return jobTypedParamsSchema.parse({ type: row.type, params: JSON.parse(row.params) as unknown });
}

/** A job as the console reads it; the next run time counts from `now` and is null while paused. */
export function toJob(row: JobRow, lastRun: JobRunRow | undefined, now: number): Job {
  const status = row.status as JobStatus;
  return {
    jobId: row.id,
    jobGroup: row.jobGroup,
    name: row.name,
    cron: row.cron,
    timeZone: row.timeZone,
    status,
    misfirePolicy: row.misfirePolicy as JobMisfirePolicy,
    concurrent: row.concurrent === 1,
    timeoutSeconds: row.timeoutSeconds,
    remark: row.remark,
    nextRunTime: status === 'running' ? nextRunTime(row.cron, row.timeZone, now) : null,
    lastRun: lastRun ? toLastRun(lastRun) : null,
    deviceCount: row.deviceCount,
    ...typedParams(row),
  };
}

function toLastRun(row: JobRunRow): JobLastRun {
  return {
    runId: row.id,
    startTime: Number(row.startTime),
    endTime: row.endTime === null ? null : Number(row.endTime),
    outcome: row.outcome as JobRunOutcome | null,
  };
}

export function toJobRun(row: JobRunRow): JobRun {
  return {
    ...toLastRun(row),
    jobId: row.jobId,
    plannedTime: row.plannedTime === null ? null : Number(row.plannedTime),
    summary: row.summary,
    log: row.log === '' ? [] : row.log.split('\n'),
    startedBy: row.startedBy,
    fileName: row.fileName,
  };
}

export function toJobDevice(row: JobDeviceRow): JobDevice {
  return {
    jobId: row.jobId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    deviceCode: row.deviceCode,
    createTime: Number(row.createTime),
  };
}
