import { z } from 'zod';
import { DAY_MS, MINUTE_MS } from '../utils/time-units.js';
import { idSchema, optionalText, pageQuerySchema, pageSchema, timestampSchema, V } from './common.js';
import { factorCodeSchema } from './factor.js';

/**
 * Water station › outlier interval (issue 19; the fields are ours). Per factor, and per device × factor where a
 * station differs, the interval outside which a value is an outlier (ABN) and the narrower one outside which it is
 * suspected (WN), for the whole year or for some months of it. Ingest flags values with them (measurements.quality);
 * an operator re-applies them to stored values of a range, and each such application is recorded.
 */

export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** The data kinds an application re-judges. */
export const OUTLIER_APPLY_KINDS = ['rtd', 'min', 'hour', 'day'] as const;
export type OutlierApplyKind = (typeof OUTLIER_APPLY_KINDS)[number];

export const OUTLIER_INTERVAL_LIMITS = {
  remarkMax: 200,
  /** The widest range one application may re-judge. */
  maxApplyDays: 366,
  /** Most devices and factors named in one application (none named: all in scope). */
  maxApplyDevices: 200,
  maxApplyFactors: 100,
} as const;

/** The platform flags the intervals give; colours as the dataFlag vocabulary has them. */
export const OUTLIER_FLAGS = ['N', 'WN', 'ABN'] as const;
export type OutlierFlag = (typeof OUTLIER_FLAGS)[number];

/** An interval's four bounds; null is an open side. Every bound is exclusive: a value equal to it passes. */
export interface OutlierBounds {
  abnMin: number | null;
  abnMax: number | null;
  wnMin: number | null;
  wnMax: number | null;
}

/** Pure: ABN outside the outlier interval, else WN outside the suspect interval, else N. */
export function outlierFlag(value: number, bounds: OutlierBounds | null): OutlierFlag {
  if (!bounds) return 'N';
  const below = (bound: number | null) => bound !== null && value < bound;
  const above = (bound: number | null) => bound !== null && value > bound;
  if (below(bounds.abnMin) || above(bounds.abnMax)) return 'ABN';
  if (below(bounds.wnMin) || above(bounds.wnMax)) return 'WN';
  return 'N';
}

/** The month (1–12) of an instant in a station's own calendar (utcOffsetMinutes): the intervals go by it. */
export function stationMonth(time: number, utcOffsetMinutes: number): number {
  return new Date(time + utcOffsetMinutes * MINUTE_MS).getUTCMonth() + 1;
}

/** One interval: the factor's (deviceId null, every station) or one station's. */
export interface OutlierRule extends OutlierBounds {
  deviceId: number | null;
  factorCode: string;
  /** The months (1–12, station local time) it holds in; empty: the whole year. */
  months: readonly number[];
}

/**
 * Pure: the interval that judges a value of this device and factor in this (station local) month. The station's own
 * intervals replace the factor's entirely when it has any for the month, because a station that differs is
 * configured for its site; within one level a month's interval wins over the all-year one. So: device × month,
 * device × all year, factor × month, factor × all year — the first that exists. Intervals of one level never share
 * a month (the server refuses overlaps), so the order of `rules` does not matter.
 */
export function pickOutlierRule<R extends OutlierRule>(
  rules: readonly R[],
  deviceId: number,
  factorCode: string,
  month: number,
): R | null {
  let best: R | null = null;
  let bestRank = 0;
  for (const rule of rules) {
    if (rule.factorCode !== factorCode) continue;
    if (rule.deviceId !== null && rule.deviceId !== deviceId) continue;
    const monthly = rule.months.length > 0;
    if (monthly && !rule.months.includes(month)) continue;
    const rank = (rule.deviceId !== null ? 2 : 0) + (monthly ? 2 : 1);
    if (rank > bestRank) {
      best = rule;
      bestRank = rank;
    }
  }
  return best;
}

const boundSchema = z
  .union([z.number(), z.null(), z.literal('').transform(() => null)])
  .optional()
  .transform((v) => v ?? null);

const monthsSchema = z
  .array(z.number().int().min(1, 'validation.min').max(12, 'validation.max'))
  .max(12)
  .optional()
  .transform((months) => [...new Set(months ?? [])].sort((a, b) => a - b));

const ORDER = 'validation.outlierOrder';
const INSIDE = 'validation.outlierInside';
const NO_BOUND = 'validation.outlierNoBound';

/**
 * A usable interval: at least one bound; each min below its max; the suspect interval inside the outlier interval
 * (a suspect bound equal to the outlier bound leaves no suspect band on that side; an open suspect side has none).
 */
function checkBounds(b: OutlierBounds, ctx: z.RefinementCtx): void {
  const issue = (message: string, path: keyof OutlierBounds) => ctx.addIssue({ code: 'custom', message, path: [path] });
  const both = (x: number | null, y: number | null): [number, number] | null =>
    x === null || y === null ? null : [x, y];
  if (b.abnMin === null && b.abnMax === null && b.wnMin === null && b.wnMax === null) issue(NO_BOUND, 'abnMin');
  const abn = both(b.abnMin, b.abnMax);
  if (abn && abn[0] >= abn[1]) issue(ORDER, 'abnMax');
  const wn = both(b.wnMin, b.wnMax);
  if (wn && wn[0] >= wn[1]) issue(ORDER, 'wnMax');
  const lowInside = both(b.abnMin, b.wnMin);
  if (lowInside && lowInside[1] < lowInside[0]) issue(INSIDE, 'wnMin');
  const highInside = both(b.wnMax, b.abnMax);
  if (highInside && highInside[0] > highInside[1]) issue(INSIDE, 'wnMax');
  const lowUnderHigh = both(b.wnMin, b.abnMax);
  if (lowUnderHigh && lowUnderHigh[0] >= lowUnderHigh[1]) issue(INSIDE, 'wnMin');
  const highOverLow = both(b.abnMin, b.wnMax);
  if (highOverLow && highOverLow[1] <= highOverLow[0]) issue(INSIDE, 'wnMax');
}

const intervalFields = z.object({
  /** Null or absent: the factor's interval, for every station without its own. */
  deviceId: idSchema
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  factorCode: factorCodeSchema,
  months: monthsSchema,
  abnMin: boundSchema,
  abnMax: boundSchema,
  wnMin: boundSchema,
  wnMax: boundSchema,
  remark: optionalText(OUTLIER_INTERVAL_LIMITS.remarkMax),
});

export const outlierIntervalInputSchema = intervalFields.superRefine(checkBounds);
export type OutlierIntervalInput = z.infer<typeof outlierIntervalInputSchema>;
export type OutlierIntervalInputRequest = z.input<typeof outlierIntervalInputSchema>;

/** update: add (no id) or edit (id) in one call. */
export const outlierIntervalUpdateSchema = intervalFields.extend({ id: idSchema.optional() }).superRefine(checkBounds);
export type OutlierIntervalUpdate = z.infer<typeof outlierIntervalUpdateSchema>;

export const outlierIntervalSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  deviceCode: z.string().nullable(),
  factorCode: z.string(),
  factorName: z.string(),
  factorNameEn: z.string(),
  unit: z.string().nullable(),
  months: z.array(z.number().int()),
  abnMin: z.number().nullable(),
  abnMax: z.number().nullable(),
  wnMin: z.number().nullable(),
  wnMax: z.number().nullable(),
  remark: z.string().nullable(),
  updatedBy: z.string().nullable(),
  updateTime: z.number().int(),
});
export type OutlierInterval = z.infer<typeof outlierIntervalSchema>;
export const outlierIntervalPageSchema = pageSchema(outlierIntervalSchema);

const optionalId = z.coerce.number().int().positive().optional();

/** get: paged, by device, factor and level (the factors' or the stations' own), within the caller's device scope. */
export const outlierIntervalListQuerySchema = pageQuerySchema.extend({
  deviceId: optionalId,
  factorCode: z.string().trim().max(32).optional(),
  level: z.enum(['factor', 'device']).optional(),
  projectId: optionalId,
  ifFilter: z.coerce.number().int().optional(),
});
export type OutlierIntervalListQuery = z.infer<typeof outlierIntervalListQuerySchema>;

/**
 * apply: re-judge the stored values of the devices (none: all in scope) and factors (none: all) of the kinds in
 * [beginTime, endTime) with the intervals as they are now. Only values the interval rules decide (platform quality
 * N, WN or ABN) are re-judged; the series rules' flags (SH1–SH5) stay.
 */
export const outlierApplySchema = z
  .object({
    deviceIds: z.array(idSchema).max(OUTLIER_INTERVAL_LIMITS.maxApplyDevices).default([]),
    factorCodes: z.array(factorCodeSchema).max(OUTLIER_INTERVAL_LIMITS.maxApplyFactors).default([]),
    kinds: z.array(z.enum(OUTLIER_APPLY_KINDS)).min(1, V.required),
    beginTime: timestampSchema,
    endTime: timestampSchema,
    projectId: optionalId,
  })
  .superRefine((a, ctx) => {
    if (a.endTime <= a.beginTime) ctx.addIssue({ code: 'custom', message: 'validation.dateOrder', path: ['endTime'] });
    else if (a.endTime - a.beginTime > OUTLIER_INTERVAL_LIMITS.maxApplyDays * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        message: 'validation.rangeTooLong',
        params: { days: OUTLIER_INTERVAL_LIMITS.maxApplyDays },
        path: ['endTime'],
      });
    }
  });
export type OutlierApply = z.infer<typeof outlierApplySchema>;
export type OutlierApplyRequest = z.input<typeof outlierApplySchema>;

/** A recorded application: who, when, what range, how many values were re-judged and how many changed. */
export const outlierApplicationSchema = z.object({
  id: z.number().int(),
  userName: z.string().nullable(),
  createTime: z.number().int(),
  /** Empty: every device of the caller's scope at the time. */
  devices: z.array(z.object({ id: z.number().int(), name: z.string().nullable() })),
  factorCodes: z.array(z.string()),
  kinds: z.array(z.enum(OUTLIER_APPLY_KINDS)),
  beginTime: z.number().int(),
  endTime: z.number().int(),
  examined: z.number().int(),
  changed: z.number().int(),
});
export type OutlierApplication = z.infer<typeof outlierApplicationSchema>;
export const outlierApplicationPageSchema = pageSchema(outlierApplicationSchema);

export const outlierApplicationListQuerySchema = pageQuerySchema;
export type OutlierApplicationListQuery = z.infer<typeof outlierApplicationListQuerySchema>;
