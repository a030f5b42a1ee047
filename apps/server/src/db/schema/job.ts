import type { Generated } from 'kysely';

/** System › job: a scheduled job (migration 0026). */
export interface JobsTable {
  id: Generated<number>;
  jobGroup: string;
  name: string;
  /** JobType from the shared schema. */
  type: string;
  cron: string;
  /** IANA time zone the cron is read in. */
  timeZone: string;
  /** 'running' | 'paused'. */
  status: string;
  /** 'runOnce' | 'skip'. */
  misfirePolicy: string;
  concurrent: number;
  timeoutSeconds: number;
  /** JSON: the type's parameters. */
  params: string;
  remark: string | null;
  lastPlannedTime: number | null;
  createdBy: string | null;
  createTime: number;
  updateTime: number;
}

/** A device a job acts on. */
export interface JobDevicesTable {
  id: Generated<number>;
  jobId: number;
  deviceId: number;
  createTime: number;
}

/** One run of a job. */
export interface JobRunsTable {
  id: Generated<number>;
  jobId: number;
  /** Null for a run by hand. */
  plannedTime: number | null;
  startTime: number;
  endTime: number | null;
  /** JobRunOutcome; null while it runs. */
  outcome: string | null;
  summary: Generated<string>;
  /** Lines joined by newlines. */
  log: Generated<string>;
  startedBy: string | null;
  nodeId: string | null;
}

/** The file a run wrote (migration 0027). */
export interface JobRunFilesTable {
  id: Generated<number>;
  runId: number;
  fileName: string;
  size: number;
  content: Buffer;
}
