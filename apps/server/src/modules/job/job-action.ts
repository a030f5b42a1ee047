import type {
  ClockSyncParams,
  GapFillParams,
  JobType,
  OfflineCheckParams,
  ReportJobParams,
  RetentionParams,
} from '@envmon/shared';
import type { JobRunLog } from './job-run-log.js';

/** Each job type's parameters, as the shared schema parses them. */
export interface JobParamsByType {
  gapFill: GapFillParams;
  report: ReportJobParams;
  clockSync: ClockSyncParams;
  retention: RetentionParams;
  offlineCheck: OfflineCheckParams;
}

/** A device a run acts on: the job's own devices, or every device when the job names none. */
export interface JobDeviceRef {
  deviceId: number;
  /** The station's MN. */
  deviceCode: string;
  deviceName: string;
}

/** What one run of a job hands its action. */
export interface JobRunContext<P> {
  jobId: number;
  jobName: string;
  /** The time zone the job's cron is read in: periods ("the day just ended") are read in it too. */
  timeZone: string;
  params: P;
  devices: JobDeviceRef[];
  /** The instant the run is for: its planned time, or when it was started by hand (UTC epoch ms). */
  at: number;
  /** Aborted when the run times out or the scheduler stops: the action stops at its next step. */
  signal: AbortSignal;
  /** The run's log (bounded): what a person reads in the run history. */
  log: JobRunLog;
}

/** What a run did: one line for the history, and the file it wrote (a scheduled report's xlsx). */
export interface JobActionResult {
  summary: string;
  file?: { name: string; content: Buffer };
}

/** A job type's real action. It throws (with a readable message) when the run failed. */
export type JobAction<T extends JobType> = (run: JobRunContext<JobParamsByType[T]>) => Promise<JobActionResult>;

/** The actions of every job type, as the job module wires them. */
export type JobActions = { [T in JobType]: JobAction<T> };
