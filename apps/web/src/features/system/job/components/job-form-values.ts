import {
  type GapFillParams,
  gapFillParamsSchema,
  type Job,
  JOB_DEFAULT_GROUP,
  JOB_LIMITS,
  JOB_PARAMS_SCHEMAS,
  type JobMisfirePolicy,
  type JobStatus,
  type JobType,
  type OfflineCheckParams,
  offlineCheckParamsSchema,
  type ReportJobParams,
  reportParamsSchema,
  type RetentionParams,
  retentionParamsSchema,
} from '@envmon/shared';
import type { z } from 'zod';

/**
 * A job's form holds its settings and every type's parameters side by side at the top level (their names do not
 * clash): antd shows an error beside a top-level field, and changing the type swaps which of them are shown. The
 * input the server reads nests the chosen type's parameters under `params` again.
 */
// Clock sync has none.
type AllParams = GapFillParams & ReportJobParams & RetentionParams & OfflineCheckParams;

export type JobFormValues = {
  name?: string | null;
  jobGroup?: string | null;
  type?: JobType;
  cron?: string | null;
  timeZone?: string | null;
  status?: JobStatus;
  misfirePolicy?: JobMisfirePolicy;
  concurrent?: boolean;
  timeoutSeconds?: number | null;
  remark?: string | null;
} & { [Name in keyof AllParams]?: AllParams[Name] | null };

export type JobParamName = keyof AllParams;

/** A job's time zone unless another is chosen: the platform's stations keep Beijing time. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** A new job's schedule until one is written: every day at 01:00 (after the day's values are in). */
export const DEFAULT_CRON = '0 1 * * *';
export const DEFAULT_TYPE: JobType = 'report';

/** Each type's parameter names, read from its schema so a new parameter needs no change here. */
export const PARAM_NAMES = Object.fromEntries(
  Object.entries(JOB_PARAMS_SCHEMAS).map(([type, schema]) => [type, Object.keys(schema.shape)]),
) as unknown as Record<JobType, readonly JobParamName[]>;

const ALL_PARAM_NAMES = [...new Set(Object.values(PARAM_NAMES).flat())];

/** A type's parameters as its schema defaults them (a report's kind has none: the single-station one). */
export function defaultParams(type: JobType): Partial<AllParams> {
  switch (type) {
    case 'gapFill':
      return gapFillParamsSchema.parse({});
    case 'report':
      return reportParamsSchema.parse({ reportKind: 'single' });
    case 'clockSync':
      return {};
    case 'retention':
      return retentionParamsSchema.parse({});
    case 'offlineCheck':
      return offlineCheckParamsSchema.parse({});
  }
}

/** The values that change with the type: every parameter cleared, the new type's set to their defaults. */
export function paramsForType(type: JobType): Partial<JobFormValues> {
  const cleared = Object.fromEntries(ALL_PARAM_NAMES.map((name) => [name, undefined]));
  return { ...cleared, ...defaultParams(type) };
}

/** The form's starting values for a job, or for a new one (paused, so it fires only once resumed). */
export function toFormValues(job: Job | undefined): JobFormValues {
  if (!job)
    return {
      jobGroup: JOB_DEFAULT_GROUP,
      type: DEFAULT_TYPE,
      cron: DEFAULT_CRON,
      timeZone: DEFAULT_TIME_ZONE,
      status: 'paused',
      misfirePolicy: 'runOnce',
      concurrent: false,
      timeoutSeconds: JOB_LIMITS.defaultTimeoutSeconds,
      ...defaultParams(DEFAULT_TYPE),
    };
  const { name, jobGroup, type, cron, timeZone, status, misfirePolicy, concurrent, timeoutSeconds, remark } = job;
  return {
    name,
    jobGroup,
    type,
    cron,
    timeZone,
    status,
    misfirePolicy,
    concurrent,
    timeoutSeconds,
    remark,
    ...defaultParams(type),
    ...job.params,
  };
}

/**
 * The form's values as jobInputSchema reads them: the chosen type's parameters under `params`, the others dropped;
 * a cleared time-out takes its default, a cleared parameter stays null so the schema asks for it.
 */
export function toInput(values: JobFormValues): unknown {
  const type = values.type ?? DEFAULT_TYPE;
  const params = Object.fromEntries(PARAM_NAMES[type].map((name) => [name, values[name] ?? null]));
  return {
    name: values.name ?? '',
    jobGroup: values.jobGroup ?? '',
    type,
    cron: values.cron ?? '',
    timeZone: values.timeZone ?? '',
    status: values.status,
    misfirePolicy: values.misfirePolicy,
    concurrent: values.concurrent,
    timeoutSeconds: values.timeoutSeconds ?? undefined,
    remark: values.remark,
    params,
  };
}

type Issue = z.core.$ZodIssue;

/** The schema's issues with a parameter's path as the form names it (`params.windowHours` is the field `windowHours`). */
export function formIssues(issues: readonly Issue[]): Issue[] {
  return issues.map((issue) =>
    issue.path[0] === 'params' && issue.path.length > 1 ? { ...issue, path: issue.path.slice(1) } : issue,
  );
}
