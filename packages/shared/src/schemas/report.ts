import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.js';
import { formatStationTime, type TimePrecision } from '../utils/station-time.js';
import { DAY_MS } from '../utils/time-units.js';
import { idSchema } from './common.js';
import { AUDIT_STATES } from './data-audit.js';

/**
 * The report screens (SPEC section 2 'reports': single-station, multi-station, contrast, single-device
 * factor bar, standard radar chart), read from the hour/day/month rollups (never raw minute data).
 *
 * Definitions shared by every report:
 * - valid value: a rollup row with a value whose station flag is N and whose platform quality
 *   flag is N (values the platform marked suspect, SH1–SH5/WN, are not valid); a value sent without
 *   a flag (HJ 212 leaves it optional) and the month values the platform averages from day values
 *   have no station flag and count as N, as in the month and year rollups;
 * - avg: the mean of the period values (every period with a value), min: the least period minimum,
 *   max: the greatest period maximum (the period value when the rollup has no min/max);
 * - exceedance: a valid value breaking any enabled threshold of the device × factor (`thresholdBroken`);
 * - compliance rate: (valid − exceedances) / valid, null when there is no valid value;
 * - audited data (issue 19): every value is taken as audited (`reportedReading`, schemas/data-audit.ts) — an
 *   audit's valid/invalid overrides the flags, a replaced value is used, a value an audit invalidated is left
 *   out; `auditedCount` says how many of the values a report rests on an audit touched.
 *
 * Scope: `projectId` keeps the devices of the project chosen in the header, `ifFilter=1` the devices
 * bound to the caller; a device outside the scope is not found.
 */
export const REPORT_TIME_UNITS = ['hour', 'day', 'month'] as const;
export type ReportTimeUnit = (typeof REPORT_TIME_UNITS)[number];

/** The longest period a report may cover at each unit: a month of hours, a year of days, ten years of months. */
export const REPORT_MAX_RANGE_MS: Readonly<Record<ReportTimeUnit, number>> = {
  hour: 31 * DAY_MS,
  day: 366 * DAY_MS,
  month: 3660 * DAY_MS,
};
/** Most stations a multi-station or contrast report compares. */
export const REPORT_MAX_DEVICES = 50;

/** Validation messages (keys of the report namespace; the server puts them after '参数错误！'). */
export const REPORT_MESSAGES = {
  rangeOrder: 'report.validation.rangeOrder',
  rangeTooLong: 'report.validation.rangeTooLong',
  devicesRequired: 'report.validation.devicesRequired',
  tooManyDevices: 'report.validation.tooManyDevices',
  oneDevice: 'report.validation.oneDevice',
} as const;

/**
 * A comma-separated list in the query string (`1,2,3`), or the same name repeated (`deviceIds=1&deviceIds=2`,
 * as an export link carries it): trimmed, blanks and duplicates dropped.
 */
const listOf = <T>(item: (text: string) => T | null) =>
  z
    .union([z.string().max(4000), z.array(z.string().max(200)).max(500)])
    .optional()
    .transform((v) => [
      ...new Set(
        (Array.isArray(v) ? v : [v ?? ''])
          .flatMap((part) => part.split(','))
          .map((part) => part.trim())
          .filter((part) => part.length > 0)
          .map(item)
          .filter((x): x is T => x !== null),
      ),
    ]);
const idList = listOf((text) => (/^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null));
const codeList = listOf((text) => (text.length <= 32 ? text : null));

const reportBaseSchema = z.object({
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().optional(),
  timeUnit: z.enum(REPORT_TIME_UNITS),
  /** Epoch ms, inclusive. */
  beginTime: z.coerce.number().int(),
  /** Epoch ms, exclusive. */
  endTime: z.coerce.number().int(),
  /** The export's header language (the console sends its own). */
  lang: z.enum(LANGUAGES).optional(),
});

type RangeFields = Pick<z.infer<typeof reportBaseSchema>, 'timeUnit' | 'beginTime' | 'endTime'>;

function checkRange(query: RangeFields, ctx: z.RefinementCtx): void {
  if (query.endTime <= query.beginTime) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.rangeOrder, path: ['endTime'] });
  } else if (query.endTime - query.beginTime > REPORT_MAX_RANGE_MS[query.timeUnit]) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.rangeTooLong, path: ['endTime'] });
  }
}

function checkDevices(deviceIds: readonly number[], ctx: z.RefinementCtx, max: number = REPORT_MAX_DEVICES): void {
  if (deviceIds.length === 0) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.devicesRequired, path: ['deviceIds'] });
  } else if (deviceIds.length > max) {
    ctx.addIssue({
      code: 'custom',
      message: max === 1 ? REPORT_MESSAGES.oneDevice : REPORT_MESSAGES.tooManyDevices,
      path: ['deviceIds'],
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Shared parts of the answers.

/** The station a report is about; times are labelled in its calendar (utcOffsetMinutes). */
export const reportDeviceSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  /** The station's MN (device code). */
  mn: z.string(),
  utcOffsetMinutes: z.number().int(),
});
export type ReportDevice = z.infer<typeof reportDeviceSchema>;

/** A factor as the catalogue names it, with the device's own unit when it sets one. */
export const reportFactorSchema = z.object({
  factorCode: z.string(),
  factorName: z.string().nullable(),
  factorNameEn: z.string().nullable(),
  unit: z.string().nullable(),
  /** Decimals the catalogue shows the factor with; null when unknown. */
  decimals: z.number().int().nullable(),
});
export type ReportFactor = z.infer<typeof reportFactorSchema>;

/** One factor's statistics over a period (definitions at the top of this file). */
export const reportStatsSchema = z.object({
  avg: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Periods with a value. */
  count: z.number().int(),
  valid: z.number().int(),
  exceedances: z.number().int(),
  /** 0–1, null without valid values. */
  compliance: z.number().nullable(),
});
export type ReportStats = z.infer<typeof reportStatsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Single station: every factor of one station.

export const reportSingleStationQuerySchema = reportBaseSchema
  .extend({ deviceId: z.coerce.number().int() })
  .superRefine(checkRange);
export type ReportSingleStationQuery = z.infer<typeof reportSingleStationQuerySchema>;

export const reportFactorSummarySchema = reportFactorSchema.extend(reportStatsSchema.shape);
export type ReportFactorSummary = z.infer<typeof reportFactorSummarySchema>;

export const reportPeriodRowSchema = z.object({
  dataTime: z.number().int(),
  /** Period average per factor code. */
  values: z.record(z.string(), z.number().nullable()),
  /** The audit state per factor code of the values an audit touched (issue 19); others are absent. */
  audit: z.record(z.string(), z.enum(AUDIT_STATES)),
});
export type ReportPeriodRow = z.infer<typeof reportPeriodRowSchema>;

export const reportSingleStationSchema = z.object({
  deviceId: idSchema,
  device: reportDeviceSchema,
  timeUnit: z.enum(REPORT_TIME_UNITS),
  beginTime: z.number().int(),
  endTime: z.number().int(),
  factors: z.array(reportFactorSummarySchema),
  rows: z.array(reportPeriodRowSchema),
  /** How many of its values an audit touched (the report says it rests on audited data). */
  auditedCount: z.number().int(),
});
export type ReportSingleStation = z.infer<typeof reportSingleStationSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Multi-station: chosen factors across stations.

export const reportMultiStationQuerySchema = reportBaseSchema
  .extend({
    deviceIds: idList,
    /** The factors compared; empty: every factor any of the stations has values of. */
    factorCodes: codeList,
  })
  .superRefine((query, ctx) => {
    checkRange(query, ctx);
    checkDevices(query.deviceIds, ctx);
  });
export type ReportMultiStationQuery = z.infer<typeof reportMultiStationQuerySchema>;

export const reportStationRowSchema = z.object({
  device: reportDeviceSchema,
  /** Statistics by factor code; a factor the station has no value of is absent. */
  values: z.record(z.string(), reportStatsSchema),
});
export type ReportStationRow = z.infer<typeof reportStationRowSchema>;

export const reportMultiStationSchema = z.object({
  timeUnit: z.enum(REPORT_TIME_UNITS),
  beginTime: z.number().int(),
  endTime: z.number().int(),
  factors: z.array(reportFactorSchema),
  /** How many of its values an audit touched. */
  auditedCount: z.number().int(),
  /** In the order the stations were asked for. */
  stations: z.array(reportStationRowSchema),
});
export type ReportMultiStation = z.infer<typeof reportMultiStationSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Contrast: one factor across stations, or one station against earlier periods.

/**
 * stations: the factor on each station over the same period; periods: one station's period against the
 * previous period (the same length immediately before; in calendar months for the month unit) and the
 * same period last year (shifted one calendar year in the station's calendar; 29 February becomes 1 March).
 */
export const REPORT_CONTRAST_MODES = ['stations', 'periods'] as const;
export type ReportContrastMode = (typeof REPORT_CONTRAST_MODES)[number];
export const REPORT_CONTRAST_PERIODS = ['current', 'previous', 'lastYear'] as const;
export type ReportContrastPeriod = (typeof REPORT_CONTRAST_PERIODS)[number];

export const reportContrastQuerySchema = reportBaseSchema
  .extend({
    mode: z.enum(REPORT_CONTRAST_MODES),
    factorCode: z.string().trim().min(1).max(32),
    deviceIds: idList,
  })
  .superRefine((query, ctx) => {
    checkRange(query, ctx);
    checkDevices(query.deviceIds, ctx, query.mode === 'periods' ? 1 : REPORT_MAX_DEVICES);
  });
export type ReportContrastQuery = z.infer<typeof reportContrastQuerySchema>;

export const reportContrastSeriesSchema = z.object({
  /** `device-<id>` (stations) or the period's name (periods): the key of the rows' values. */
  key: z.string(),
  device: reportDeviceSchema,
  period: z.enum(REPORT_CONTRAST_PERIODS),
  beginTime: z.number().int(),
  endTime: z.number().int(),
  stats: reportStatsSchema,
});
export type ReportContrastSeries = z.infer<typeof reportContrastSeriesSchema>;

export const reportContrastRowSchema = z.object({
  /** The period's position from the start of its range (0: the first hour/day/month). */
  slot: z.number().int(),
  /** The start of the slot in the current period (the label of the row). */
  dataTime: z.number().int(),
  /** Period average by series key. */
  values: z.record(z.string(), z.number().nullable()),
});
export type ReportContrastRow = z.infer<typeof reportContrastRowSchema>;

export const reportContrastSchema = z.object({
  mode: z.enum(REPORT_CONTRAST_MODES),
  timeUnit: z.enum(REPORT_TIME_UNITS),
  beginTime: z.number().int(),
  endTime: z.number().int(),
  factor: reportFactorSchema,
  series: z.array(reportContrastSeriesSchema),
  rows: z.array(reportContrastRowSchema),
  /** How many of its values an audit touched. */
  auditedCount: z.number().int(),
});
export type ReportContrast = z.infer<typeof reportContrastSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Standards: the single-device factor bar and the standard radar chart.

/** threshold: the device's enabled threshold (overflow type 0 first); waterClass: the GB 3838 class limit. */
export const REPORT_STANDARDS = ['threshold', 'waterClass'] as const;
export type ReportStandard = (typeof REPORT_STANDARDS)[number];
export const REPORT_WATER_CLASSES = [1, 2, 3, 4, 5] as const;

export const reportStandardQuerySchema = reportBaseSchema
  .extend({
    deviceId: z.coerce.number().int(),
    /** The factors shown; empty: every factor of the device with a value in the period. */
    factorCodes: codeList,
    standard: z.enum(REPORT_STANDARDS).default('threshold'),
    waterClass: z.coerce.number().int().min(1).max(5).default(3),
  })
  .superRefine(checkRange);
export type ReportStandardQuery = z.infer<typeof reportStandardQuerySchema>;

/**
 * A standard limit: upper (the value must stay at or under limit1: COD), lower (at or above limit1:
 * dissolved oxygen) or range (between limit1 and limit2: pH).
 */
export const REPORT_LIMIT_DIRECTIONS = ['upper', 'lower', 'range'] as const;
export type ReportLimitDirection = (typeof REPORT_LIMIT_DIRECTIONS)[number];

export const reportLimitSchema = z.object({
  direction: z.enum(REPORT_LIMIT_DIRECTIONS),
  limit1: z.number(),
  /** The range's upper end; null unless direction is range. */
  limit2: z.number().nullable(),
});
export type ReportLimit = z.infer<typeof reportLimitSchema>;

export const reportStandardFactorSchema = reportFactorSchema.extend(reportStatsSchema.shape).extend({
  /** Null when the factor has no standard of the chosen kind. */
  limit: reportLimitSchema.nullable(),
  /**
   * The period average relative to its standard, 1 at the limit and above 1 when worse than it:
   * upper value / limit; lower limit / value (null for a value ≤ 0); range |value − middle| / half
   * the range's width. Null without an average or a standard.
   */
  ratio: z.number().nullable(),
  /** The period average breaks the standard; null without an average or a standard. */
  exceeded: z.boolean().nullable(),
});
export type ReportStandardFactor = z.infer<typeof reportStandardFactorSchema>;

export const reportStandardSchema = z.object({
  device: reportDeviceSchema,
  timeUnit: z.enum(REPORT_TIME_UNITS),
  beginTime: z.number().int(),
  endTime: z.number().int(),
  standard: z.enum(REPORT_STANDARDS),
  waterClass: z.number().int(),
  factors: z.array(reportStandardFactorSchema),
  /** How many of its values an audit touched. */
  auditedCount: z.number().int(),
});
export type ReportStandardReport = z.infer<typeof reportStandardSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Formatting shared by the screens and the exports.

/** How much of a period's start a table shows at each unit (the shared station-time rule). */
export const REPORT_TIME_PRECISION: Readonly<Record<ReportTimeUnit, TimePrecision>> = {
  hour: 'minute',
  day: 'day',
  month: 'month',
};

/** A period's start as the tables show it, in the station's calendar: hour 2026-01-02 08:00, day 2026-01-02, month 2026-01. */
export function formatReportTime(ms: number, unit: ReportTimeUnit, utcOffsetMinutes: number): string {
  return formatStationTime(ms, utcOffsetMinutes, REPORT_TIME_PRECISION[unit]);
}

/** A value to the factor's decimals (2 when unknown), as a number; null stays null. */
export function roundReportValue(value: number | null, decimals: number | null): number | null {
  if (value === null) return null;
  const factor = 10 ** (decimals ?? 2);
  return Math.round(value * factor) / factor;
}

/** How much this period's average differs from a compared one, in percent of the compared one; null when either is missing or it is 0. */
export function contrastChange(current: number | null, compared: number | null): number | null {
  if (current === null || compared === null || compared === 0) return null;
  return ((current - compared) / Math.abs(compared)) * 100;
}

/** A standard limit as the tables write it: ≤ 20, ≥ 5, 6–9. */
export function formatReportLimit(limit: ReportLimit | null): string {
  if (limit === null) return '';
  switch (limit.direction) {
    case 'upper':
      return `≤ ${limit.limit1}`;
    case 'lower':
      return `≥ ${limit.limit1}`;
    case 'range':
      return `${limit.limit1}–${limit.limit2 ?? ''}`;
  }
}
