import { Cron } from 'croner';
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { idSchema, optionalText, pageQuerySchema, pageSchema, requiredText, timestampSchema, V } from './common.js';

/**
 * Scheduled jobs (issue 21, System › job; SPEC section 3 Job: jobId, jobGroup, status; section 7 'Jobs (dgs
 * prefix)'): a job runs one real action on a cron expression read in a time zone, with its misfire policy after
 * downtime, no overlapping runs unless allowed, and a time-out per run. Every run is recorded.
 */

/** Gap filling, scheduled report, clock sync (1012), retention, offline and transmission check. */
export const JOB_TYPES = ['gapFill', 'report', 'clockSync', 'retention', 'offlineCheck'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** A paused job keeps its schedule but does not fire; "run now" still runs it. */
export const JOB_STATUSES = ['running', 'paused'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** After downtime that missed one or more planned times: run once now, or skip to the next planned time. */
export const JOB_MISFIRE_POLICIES = ['runOnce', 'skip'] as const;
export type JobMisfirePolicy = (typeof JOB_MISFIRE_POLICIES)[number];

/** How a run ended; `skipped` is a planned time not run (overlap refused, or missed under the skip policy). */
export const JOB_RUN_OUTCOMES = ['success', 'failed', 'timeout', 'skipped'] as const;
export type JobRunOutcome = (typeof JOB_RUN_OUTCOMES)[number];

/** The reports a scheduled report job writes (the Report menu's single-station, multi-station, summary, transmission). */
export const JOB_REPORT_KINDS = ['single', 'multi', 'summary', 'transmission'] as const;
export type JobReportKind = (typeof JOB_REPORT_KINDS)[number];

/** The granules a job reads or fills: hour and day values (minute data is not reissued by a job). */
export const JOB_GRANULES = ['hour', 'day'] as const;
export type JobGranule = (typeof JOB_GRANULES)[number];

/** The period a report job covers: the one just ended when it runs. */
export const JOB_REPORT_PERIODS = ['day', 'month'] as const;
export type JobReportPeriod = (typeof JOB_REPORT_PERIODS)[number];

export const JOB_LIMITS = {
  groupMax: 64,
  cronMax: 120,
  /** The longest IANA names are about 32 characters (America/Argentina/ComodRivadavia). */
  timeZoneMax: 64,
  /** A run longer than a day is a stuck run. */
  timeoutSecondsMax: 86_400,
  defaultTimeoutSeconds: 600,
  /** The cron helper on the screen shows the next five run times. */
  previewRuns: 5,
  /** Lines kept per run's log, and characters per line: a run's record stays small whatever the job does. */
  logLinesMax: 500,
  logLineMax: 500,
  summaryMax: 500,
  /** Devices one `devices/add` call adds. */
  devicesPerAdd: LIMITS.devicePageSize,
  /** Run records kept per job: the oldest go as new ones come. */
  runsKeptPerJob: 200,
  /** A run's file (a report's xlsx) is kept up to this size. */
  runFileMaxBytes: 20 * 1024 * 1024,
  fileNameMax: 200,
} as const;

export const JOB_DEFAULT_GROUP = 'DEFAULT';

/** True when croner accepts the expression (5 fields, or 6 with seconds). */
export function isValidCron(expression: string): boolean {
  try {
    new Cron(expression, { paused: true });
    return true;
  } catch {
    return false;
  }
}

/** True for a time zone name Intl knows (IANA, e.g. Asia/Shanghai, or UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The next `count` planned times strictly after `after` (UTC epoch ms) of a cron read in a time zone; fewer when the
 * expression has no more (a fixed year). The scheduler fires on them; the screen's cron helper previews them.
 */
export function nextRunTimes(cron: string, timeZone: string, after: number, count: number): number[] {
  const pattern = new Cron(cron, { timezone: timeZone, paused: true });
  return pattern.nextRuns(count, new Date(after)).map((d) => d.getTime());
}

export const cronSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(JOB_LIMITS.cronMax, V.tooLong)
  .refine(isValidCron, V.pattern);

export const timeZoneSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(JOB_LIMITS.timeZoneMax, V.tooLong)
  .refine(isValidTimeZone, V.pattern);

/** Gap filling: for the job's devices, the hour/day periods missing in the last `windowHours` are asked for again. */
export const gapFillParamsSchema = z.strictObject({
  /** How far back to look for gaps: one hour to 31 days (the reissue machinery asks stations in bounded spans). */
  windowHours: z.number().int().min(1).max(744).default(48),
  /** Which granules to check; at least one. */
  granules: z.array(z.enum(JOB_GRANULES)).min(1).max(JOB_GRANULES.length).default(['hour']),
});

/** Scheduled report: a chosen report for the job's devices over the period just ended, written as xlsx. */
export const reportParamsSchema = z.strictObject({
  reportKind: z.enum(JOB_REPORT_KINDS),
  /** The day or month just ended when the job runs, read in the job's time zone. */
  period: z.enum(JOB_REPORT_PERIODS).default('day'),
  /** Also send the file through the enterprise-WeChat webhook when one is configured. */
  sendWebhook: z.boolean().default(false),
});

/** Clock sync: 1012 to every connected station of the job; nothing to set. */
export const clockSyncParamsSchema = z.strictObject({});

/**
 * Retention: original packets and minute data older than these ages are removed (hour/day/month values never are).
 * At least a week, at most ten years, so a slip cannot wipe yesterday's packets.
 */
export const retentionParamsSchema = z.strictObject({
  originalDays: z.number().int().min(7).max(3650).default(180),
  minuteDays: z.number().int().min(7).max(3650).default(365),
});

/** Offline and transmission check: a digest of the job's stations offline or below a rate over the last period. */
export const offlineCheckParamsSchema = z.strictObject({
  /** The period looked at, one hour to a week. */
  periodHours: z.number().int().min(1).max(168).default(24),
  /** Stations below this transmission rate (percent of expected hours) are listed. */
  minTransmissionRate: z.number().min(0).max(100).default(90),
});

export const JOB_PARAMS_SCHEMAS = {
  gapFill: gapFillParamsSchema,
  report: reportParamsSchema,
  clockSync: clockSyncParamsSchema,
  retention: retentionParamsSchema,
  offlineCheck: offlineCheckParamsSchema,
} as const satisfies Record<JobType, z.ZodType>;

export type GapFillParams = z.infer<typeof gapFillParamsSchema>;
export type ReportJobParams = z.infer<typeof reportParamsSchema>;
export type ClockSyncParams = z.infer<typeof clockSyncParamsSchema>;
export type RetentionParams = z.infer<typeof retentionParamsSchema>;
export type OfflineCheckParams = z.infer<typeof offlineCheckParamsSchema>;

/** A type with its parameters: the union is discriminated on `type`, so params are validated per type. */
export const jobTypedParamsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('gapFill'), params: gapFillParamsSchema }),
  z.object({ type: z.literal('report'), params: reportParamsSchema }),
  z.object({ type: z.literal('clockSync'), params: clockSyncParamsSchema }),
  z.object({ type: z.literal('retention'), params: retentionParamsSchema }),
  z.object({ type: z.literal('offlineCheck'), params: offlineCheckParamsSchema }),
]);
export type JobTypedParams = z.infer<typeof jobTypedParamsSchema>;

const jobSettingsSchema = z.object({
  jobGroup: requiredText(JOB_LIMITS.groupMax).default(JOB_DEFAULT_GROUP),
  name: requiredText(LIMITS.nameMax),
  cron: cronSchema,
  timeZone: timeZoneSchema,
  status: z.enum(JOB_STATUSES).default('paused'),
  misfirePolicy: z.enum(JOB_MISFIRE_POLICIES).default('runOnce'),
  /** Whether a run may start while the previous one still runs. */
  concurrent: z.boolean().default(false),
  timeoutSeconds: z.number().int().min(1).max(JOB_LIMITS.timeoutSecondsMax).default(JOB_LIMITS.defaultTimeoutSeconds),
  remark: optionalText(),
});

/** POST /system/job/rest (create) and PUT (update, with jobId). */
export const jobInputSchema = z.intersection(
  jobSettingsSchema.extend({ jobId: idSchema.optional() }),
  jobTypedParamsSchema,
);
export type JobInput = z.infer<typeof jobInputSchema>;

/** The last run as the job list shows it; outcome and end are null while it runs. */
export const jobLastRunSchema = z.object({
  runId: z.number().int(),
  startTime: timestampSchema,
  endTime: timestampSchema.nullable(),
  outcome: z.enum(JOB_RUN_OUTCOMES).nullable(),
});
export type JobLastRun = z.infer<typeof jobLastRunSchema>;

/** A job as the console reads it. */
export const jobSchema = z.intersection(
  z.object({
    jobId: z.number().int(),
    jobGroup: z.string(),
    name: z.string(),
    cron: z.string(),
    timeZone: z.string(),
    status: z.enum(JOB_STATUSES),
    misfirePolicy: z.enum(JOB_MISFIRE_POLICIES),
    concurrent: z.boolean(),
    timeoutSeconds: z.number().int(),
    remark: z.string().nullable(),
    /** Null while paused. */
    nextRunTime: timestampSchema.nullable(),
    lastRun: jobLastRunSchema.nullable(),
    deviceCount: z.number().int(),
  }),
  jobTypedParamsSchema,
);
export type Job = z.infer<typeof jobSchema>;

/** PUT …/changeStatus. */
export const jobStatusInputSchema = z.object({ jobId: idSchema, status: z.enum(JOB_STATUSES) });
export type JobStatusInput = z.infer<typeof jobStatusInputSchema>;

/** PUT …/run: run now, by hand. */
export const jobRunInputSchema = z.object({ jobId: idSchema, jobGroup: requiredText(JOB_LIMITS.groupMax) });
export type JobRunInput = z.infer<typeof jobRunInputSchema>;

/** One run: when, how it ended, what it did, its log (bounded), who started it if run by hand. */
export const jobRunSchema = z.object({
  runId: z.number().int(),
  jobId: z.number().int(),
  /** The planned time it ran for; null for a run started by hand. */
  plannedTime: timestampSchema.nullable(),
  startTime: timestampSchema,
  endTime: timestampSchema.nullable(),
  outcome: z.enum(JOB_RUN_OUTCOMES).nullable(),
  summary: z.string().max(JOB_LIMITS.summaryMax),
  log: z.array(z.string().max(JOB_LIMITS.logLineMax)).max(JOB_LIMITS.logLinesMax),
  /** The user's login name for a run by hand; null for a scheduled run. */
  startedBy: z.string().nullable(),
  /** The file the run wrote (a scheduled report's xlsx), downloaded through `runs/file`; null when none. */
  fileName: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

/** GET /system/job/rest/list: a page of jobs, narrowed by name (contains), group, type and status. */
export const jobListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(LIMITS.nameMax).optional(),
  jobGroup: z.string().trim().max(JOB_LIMITS.groupMax).optional(),
  type: z.enum(JOB_TYPES).optional(),
  status: z.enum(JOB_STATUSES).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
export const jobPageSchema = pageSchema(jobSchema);

/** POST …/devices/add: devices a job acts on (a job without devices acts on every device). */
export const jobDevicesAddSchema = z.object({
  jobId: idSchema,
  deviceIds: z.array(idSchema).min(1, V.required).max(JOB_LIMITS.devicesPerAdd),
});
export type JobDevicesAdd = z.infer<typeof jobDevicesAddSchema>;

/** GET …/devices/list: a job's devices, paged. */
export const jobDeviceListQuerySchema = pageQuerySchema.extend({ jobId: idSchema });
export type JobDeviceListQuery = z.infer<typeof jobDeviceListQuerySchema>;

/** A device of a job, with what a person reads of it. */
export const jobDeviceSchema = z.object({
  jobId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  /** The station's MN. */
  deviceCode: z.string(),
  createTime: timestampSchema,
});
export type JobDevice = z.infer<typeof jobDeviceSchema>;
export const jobDevicePageSchema = pageSchema(jobDeviceSchema);

/** GET …/devices/delete: devices taken off a job (deviceIds comma-separated in the query). */
export const jobDevicesDeleteSchema = z.object({
  jobId: idSchema,
  deviceIds: z
    .string()
    .trim()
    .min(1, V.required)
    .max(4000, V.tooLong)
    .transform((text, ctx) => {
      const ids = text.split(',').map((part) => part.trim());
      if (ids.some((id) => !/^[1-9]\d*$/.test(id))) {
        ctx.addIssue({ code: 'custom', message: V.pattern });
        return z.NEVER;
      }
      return [...new Set(ids.map(Number))];
    }),
});
export type JobDevicesDelete = z.infer<typeof jobDevicesDeleteSchema>;

/** GET …/runs: a job's run history, newest first. */
export const jobRunListQuerySchema = pageQuerySchema.extend({ jobId: idSchema });
export type JobRunListQuery = z.infer<typeof jobRunListQuerySchema>;
export const jobRunPageSchema = pageSchema(jobRunSchema);

/** GET …/runs/file: a run's file, fetched with the token header (the console's api.download), as attachments are. */
export const jobRunFileQuerySchema = z.object({ runId: idSchema });
export type JobRunFileQuery = z.infer<typeof jobRunFileQuerySchema>;
