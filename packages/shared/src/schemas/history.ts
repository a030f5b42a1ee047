import { z } from 'zod';
import type { TimePrecision } from '../utils/station-time.js';
import { DAY_MS } from '../utils/time-units.js';
import { AUDIT_STATES } from './data-audit.js';

/**
 * The history query (SPEC section 2 'queries: history'): chosen devices × factors over a time range
 * at a time unit, as a paged table (every value) and as chart series (downsampled).
 *
 * Time units: the spec's hour, day, month, flow day, flow month, flow year (vocabulary `timeUnit`), plus
 * minute and realtime (the stations' 2051 and 2011 values). hour/day/month/minute/realtime read the
 * measurements of that kind (value = Avg, or Rtd for realtime). Flow units sum the cumulative `cou`:
 * a day's flow is its day value's cou (CN 2031), or, when the station sent no day value with a cou, the
 * sum of its hours' cou (CN 2061); a month's or a year's flow is the sum of its days' flows — the month
 * rollup the ingest pipeline keeps holds sum(day cou), so both agree wherever every day has a day value.
 * Periods are the station's own calendar (its UTC offset). Ranges are [beginTime, endTime), epoch ms.
 */
export const HISTORY_TIME_UNITS = [
  'realtime',
  'minute',
  'hour',
  'day',
  'month',
  'flowDay',
  'flowMonth',
  'flowYear',
] as const;
export type HistoryTimeUnit = (typeof HISTORY_TIME_UNITS)[number];
export type HistoryFlowUnit = Extract<HistoryTimeUnit, 'flowDay' | 'flowMonth' | 'flowYear'>;

/** How precisely a period of each unit is written, on the screen and in the export (station time, see utils/station-time.ts). */
export const HISTORY_TIME_PRECISION: Record<HistoryTimeUnit, TimePrecision> = {
  realtime: 'second',
  minute: 'minute',
  hour: 'minute',
  day: 'day',
  month: 'month',
  flowDay: 'day',
  flowMonth: 'month',
  flowYear: 'year',
};

export const isFlowUnit = (unit: HistoryTimeUnit): unit is HistoryFlowUnit =>
  unit === 'flowDay' || unit === 'flowMonth' || unit === 'flowYear';

/** The longest range one read may cover per unit, in days: about as many rows as an hourly year at most. */
export const HISTORY_MAX_RANGE_DAYS: Record<HistoryTimeUnit, number> = {
  realtime: 31,
  minute: 366,
  hour: 366,
  day: 5 * 366,
  month: 10 * 366,
  flowDay: 366,
  flowMonth: 5 * 366,
  flowYear: 10 * 366,
};

export const HISTORY_LIMITS = {
  maxDevices: 50,
  maxFactors: 30,
  /** The chart's default and largest points per series. */
  defaultMaxPoints: 2000,
  maxMaxPoints: 10_000,
  /** Lines one chart draws at most (devices × factors). */
  maxSeries: 100,
} as const;

/** A list given as repeated parameters (`deviceIds=1&deviceIds=2`) or as one comma list (`deviceIds=1,2`). */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.preprocess(
    (v: unknown) => {
      const given: unknown[] = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
      return given
        .flatMap((s) => (typeof s === 'string' ? s.split(',') : [s]))
        .map((s) => (typeof s === 'string' ? s.trim() : s))
        .filter((s) => s !== '');
    },
    z.array(item).min(1, 'validation.required').max(max, 'validation.tooLong'),
  );

const historyFilterShape = {
  /** The caller's project choice (all projects when absent); ifFilter=1: only the devices bound to the caller. */
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
  deviceIds: listOf(z.coerce.number().int().positive(), HISTORY_LIMITS.maxDevices),
  factorCodes: listOf(z.string().min(1).max(32), HISTORY_LIMITS.maxFactors),
  timeUnit: z.enum(HISTORY_TIME_UNITS),
  /** Epoch ms, inclusive. */
  beginTime: z.coerce.number().int(),
  /** Epoch ms, exclusive. */
  endTime: z.coerce.number().int(),
  /**
   * Values as audited (issue 19, as reports take them: `reportedReading`): a replaced value in place of the
   * stored one, none where an audit invalidated it. Absent or false: the stored values as they are.
   */
  audited: z.union([z.boolean(), z.stringbool()]).optional(),
};

/** begin before end, and no longer than the unit allows (an i18n key of the history namespace, with the limit). */
export function historyRangeProblem(
  unit: HistoryTimeUnit,
  beginTime: number,
  endTime: number,
): { message: string; params?: { days: number } } | null {
  if (endTime <= beginTime) return { message: 'history.rangeOrder' };
  const days = HISTORY_MAX_RANGE_DAYS[unit];
  if (endTime - beginTime > days * DAY_MS) return { message: 'history.rangeTooLong', params: { days } };
  return null;
}

const checkRange = (v: { timeUnit: HistoryTimeUnit; beginTime: number; endTime: number }, ctx: z.RefinementCtx) => {
  const problem = historyRangeProblem(v.timeUnit, v.beginTime, v.endTime);
  if (problem) ctx.addIssue({ code: 'custom', path: ['endTime'], ...problem });
};

/** The filters the table, the chart and the export share. */
export const historyFilterSchema = z.object(historyFilterShape).superRefine(checkRange);
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

export const historyQuerySchema = z
  .object({
    ...historyFilterShape,
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(20),
  })
  .superRefine(checkRange);
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyChartQuerySchema = z
  .object({
    ...historyFilterShape,
    maxPoints: z.coerce
      .number()
      .int()
      .min(10)
      .max(HISTORY_LIMITS.maxMaxPoints)
      .default(HISTORY_LIMITS.defaultMaxPoints),
  })
  .superRefine(checkRange)
  .superRefine((v, ctx) => {
    if (new Set(v.deviceIds).size * new Set(v.factorCodes).size > HISTORY_LIMITS.maxSeries) {
      ctx.addIssue({
        code: 'custom',
        path: ['factorCodes'],
        message: 'history.tooManyLines',
        params: { max: HISTORY_LIMITS.maxSeries },
      });
    }
  });
export type HistoryChartQuery = z.infer<typeof historyChartQuerySchema>;

/** The export's filters; `lang` picks the header language (the console sends its own, en-US or zh-CN). */
export const historyExportQuerySchema = z
  .object({
    ...historyFilterShape,
    // Anything but English gets the Chinese headers (the spec's default language).
    lang: z.enum(['zh-CN', 'en-US']).catch('zh-CN'),
  })
  .superRefine(checkRange);
export type HistoryExportQuery = z.infer<typeof historyExportQuerySchema>;

/** A chosen factor: its names, the unit (a chosen device's own unit when it sets one, else the catalogue's), decimals. */
export const historyFactorSchema = z.object({
  factorCode: z.string(),
  factorName: z.string().nullable(),
  factorNameEn: z.string().nullable(),
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
});
export type HistoryFactor = z.infer<typeof historyFactorSchema>;

/** One value: the station's flag and the platform's quality flag (both null for a flow sum). */
export const historyCellSchema = z.object({
  value: z.number().nullable(),
  flag: z.string().nullable(),
  quality: z.string().nullable(),
  /** The station's own value, present only where a data rule (Settings › regular) changed it into `value`. */
  stationValue: z.number().nullable().optional(),
  /** The audit state laid over the value, present only where an audit touched it (issue 19). */
  auditState: z.enum(AUDIT_STATES).optional(),
});
export type HistoryCell = z.infer<typeof historyCellSchema>;

/** One device at one period start: its values per factor code (a factor without a value is absent). */
export const historyRowSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  /** The station's MN. */
  deviceCode: z.string(),
  dataTime: z.number().int(),
  /** The station's zone: its data times are shown on its clock. */
  utcOffsetMinutes: z.number().int(),
  values: z.record(z.string(), historyCellSchema),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

/** The table: rows by data time, then device, paged through every value. */
export const historyTableSchema = z.object({
  timeUnit: z.enum(HISTORY_TIME_UNITS),
  factors: z.array(historyFactorSchema),
  list: z.array(historyRowSchema),
  total: z.number().int().nonnegative(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type HistoryTable = z.infer<typeof historyTableSchema>;

/** A chart point: [dataTime, value]. */
export const historyPointSchema = z.tuple([z.number(), z.number().nullable()]);

export const historySeriesSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  factorCode: z.string(),
  /** Values in the range before downsampling. */
  total: z.number().int().nonnegative(),
  /** At most maxPoints: each bucket's minimum and maximum (see utils/downsample.ts). */
  points: z.array(historyPointSchema),
});
export type HistorySeries = z.infer<typeof historySeriesSchema>;

export const historyChartSchema = z.object({
  timeUnit: z.enum(HISTORY_TIME_UNITS),
  maxPoints: z.number().int(),
  factors: z.array(historyFactorSchema),
  series: z.array(historySeriesSchema),
});
export type HistoryChart = z.infer<typeof historyChartSchema>;
