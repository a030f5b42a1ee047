import { z } from 'zod';
import { DAY_MS } from '../utils/time-units.js';
import { idSchema, pageQuerySchema, pageSchema } from './common.js';

/**
 * Settings › reissue (数据补发; SPEC section 7: reissue add, repair): the platform asks stations to send
 * stored data again over HJ 212 (HJ212.md §9: 2051 minute, 2061 hour, 2031 day data, BeginTime–EndTime).
 * `add` asks for the whole range; `repair` asks only for the periods missing from the database. Each device
 * becomes a task that runs in the background and is listed with its outcome.
 */
export const REISSUE_KINDS = ['2051', '2061', '2031'] as const;
export type ReissueKind = (typeof REISSUE_KINDS)[number];

export const REISSUE_LIMITS = {
  /** Devices in one request. */
  maxDevices: 50,
  /** The longest range, per kind, in days: minute data is heavy for a station to resend. */
  maxDays: { '2051': 31, '2061': 366, '2031': 3660 } satisfies Record<ReissueKind, number>,
  /** Repair asks for at most this many missing stretches one by one; with more, it asks once for their whole span. */
  maxRepairRanges: 20,
} as const;

export const REISSUE_MODES = ['add', 'repair'] as const;
export type ReissueMode = (typeof REISSUE_MODES)[number];

/** running → done (the station confirmed), failed (with a reason) or complete (repair found nothing missing). */
export const REISSUE_STATUSES = ['running', 'done', 'failed', 'complete'] as const;
export type ReissueStatus = (typeof REISSUE_STATUSES)[number];

/**
 * Why a task failed (`interrupted`: the server stopped while it ran) — or, on a done task, `noData`: the station
 * had nothing for some of the periods asked (ExeRtn 100).
 */
export const REISSUE_REASONS = [
  'notConnected',
  'gatewayNotRunning',
  'refused',
  'failed',
  'timeout',
  'interrupted',
  'noData',
] as const;
export type ReissueReason = (typeof REISSUE_REASONS)[number];

/** Why a range cannot be asked for, as a message key of the `reissue` namespace, or null. */
export function reissueRangeProblem(cn: ReissueKind, beginTime: number, endTime: number): string | null {
  if (endTime <= beginTime) return 'reissue.rules.order';
  if (endTime - beginTime > REISSUE_LIMITS.maxDays[cn] * DAY_MS) return `reissue.rules.tooLong${cn}`;
  return null;
}

/** add and repair: devices, the data kind, and the range [beginTime, endTime] in epoch ms. */
export const reissueInputSchema = z
  .object({
    deviceIds: z
      .array(idSchema)
      .min(1, 'reissue.rules.devices')
      .max(REISSUE_LIMITS.maxDevices, 'reissue.rules.tooManyDevices'),
    cn: z.enum(REISSUE_KINDS),
    beginTime: z.number().int().nonnegative(),
    endTime: z.number().int().nonnegative(),
  })
  .superRefine((v, ctx) => {
    const problem = reissueRangeProblem(v.cn, v.beginTime, v.endTime);
    if (problem) ctx.addIssue({ code: 'custom', path: ['endTime'], message: problem });
  });
export type ReissueInput = z.infer<typeof reissueInputSchema>;

export const reissueTaskSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string().nullable(),
  deviceCode: z.string().nullable(),
  mode: z.enum(REISSUE_MODES),
  cn: z.enum(REISSUE_KINDS),
  beginTime: z.number().int(),
  endTime: z.number().int(),
  status: z.enum(REISSUE_STATUSES),
  reason: z.enum(REISSUE_REASONS).nullable(),
  /** Periods of the kind missing in the range when the task was made (repair; null for add). */
  missing: z.number().int().nullable(),
  /** Requests sent to the station: one for add; one per missing stretch for repair. */
  requests: z.number().int(),
  /** Periods of the kind stored in the range when the task ended (null while running). */
  stored: z.number().int().nullable(),
  /** Periods the range should hold, from the device's report interval (minute data) or the calendar. */
  expected: z.number().int(),
  createdBy: z.string().nullable(),
  createTime: z.number().int(),
  finishTime: z.number().int().nullable(),
});
export type ReissueTask = z.infer<typeof reissueTaskSchema>;
export const reissueTaskPageSchema = pageSchema(reissueTaskSchema);

/** list: the tasks of the devices in the caller's scope, newest first, by device and status. */
export const reissueListQuerySchema = pageQuerySchema.extend({
  deviceId: z.coerce.number().int().positive().optional(),
  status: z.enum(REISSUE_STATUSES).optional(),
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type ReissueListQuery = z.infer<typeof reissueListQuerySchema>;
