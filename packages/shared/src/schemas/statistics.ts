import { z } from 'zod';
import { DAY_MS } from '../utils/time-units.js';
import { idSchema, V } from './common.js';

/**
 * The statistics reports (SPEC section 2 'reports': data transmission, summaries, isotope, odour rose).
 * Every read is scoped like the device list: the devices of `projectId` (when given) and, with
 * ifFilter=1, only those bound to the caller.
 *
 * Calendar periods (days, months, years) are the station's own calendar — its utcOffsetMinutes,
 * as the ingest pipeline computes day, month and year rollups — so dates travel as 'YYYY-MM-DD'.
 *
 * Valid value: a station flag N and a platform quality flag N. Exceedance: a valid value breaking
 * any enabled threshold of the device × factor (`thresholdBroken`). Compliance: (valid −
 * exceedances) / valid. Rates are ratios 0–1; thresholds given by the user are percentages.
 */

export const STATISTICS_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A calendar date that exists ('2026-02-30' does not: Date.parse would roll it over to March). */
const dateSchema = z
  .string()
  .regex(STATISTICS_DATE_PATTERN, V.pattern)
  .refine((d) => {
    const ms = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === d;
  }, V.pattern);

/** Days from 'YYYY-MM-DD' a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

const scope = {
  projectId: z.coerce.number().int().positive().optional(),
  ifFilter: z.coerce.number().int().min(0).max(1).optional(),
};

/* ---------- data transmission ---------- */

/** The longest transmission report: 31 days (one month of every station). */
export const TRANSMISSION_MAX_DAYS = 31;
export const TRANSMISSION_DEFAULT_THRESHOLD = 90;
/**
 * What counts as 'received': distinct data times of this kind in the device's day. 'hour': the
 * hourly data (2061), 24 expected a day. 'min': the minute data (2051), one expected per report
 * interval (devices.interval_time, seconds), at least a minute apart: 86400 / max(60, interval).
 */
export const TRANSMISSION_UNITS = ['hour', 'min'] as const;
export type TransmissionUnit = (typeof TRANSMISSION_UNITS)[number];

export const transmissionQuerySchema = z
  .object({
    ...scope,
    deviceId: z.coerce.number().int().positive().optional(),
    timeUnit: z.enum(TRANSMISSION_UNITS).default('hour'),
    /** First and last day, inclusive. */
    beginDate: dateSchema,
    endDate: dateSchema,
    /** Percent: days whose transmission or valid rate is below it are flagged. */
    threshold: z.coerce.number().min(0).max(100).default(TRANSMISSION_DEFAULT_THRESHOLD),
  })
  .superRefine((v, ctx) => {
    const days = daysBetween(v.beginDate, v.endDate);
    if (!(days >= 0 && days < TRANSMISSION_MAX_DAYS)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: V.pattern });
    }
  });
export type TransmissionQuery = z.infer<typeof transmissionQuerySchema>;

const rates = {
  /** Periods expected in the day(s). */
  expected: z.number().int(),
  /** Distinct data times received. */
  received: z.number().int(),
  /** Received data times whose every value is valid (flag N, quality N). */
  valid: z.number().int(),
  /** received / expected, at most 1. */
  transmissionRate: z.number(),
  /** valid / received; null when nothing was received. */
  validRate: z.number().nullable(),
};

export const transmissionDaySchema = z.object({
  deviceId: z.number().int(),
  date: z.string(),
  ...rates,
  /** A rate below the threshold. */
  below: z.boolean(),
});
export type TransmissionDay = z.infer<typeof transmissionDaySchema>;

export const transmissionDeviceSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  ...rates,
  daysBelow: z.number().int(),
});
export type TransmissionDevice = z.infer<typeof transmissionDeviceSchema>;

export const transmissionReportSchema = z.object({
  timeUnit: z.enum(TRANSMISSION_UNITS),
  threshold: z.number(),
  devices: z.array(transmissionDeviceSchema),
  days: z.array(transmissionDaySchema),
});
export type TransmissionReport = z.infer<typeof transmissionReportSchema>;

/* ---------- summaries ---------- */

/**
 * A summary's unit and the rollup it reads: a day from its 24 hour values, a month from its day
 * values, a year from its day values too (month rollups are platform averages without a station
 * flag, so validity and exceedances cannot be judged on them; yearly compliance is counted on
 * daily values).
 */
export const SUMMARY_UNITS = ['day', 'month', 'year'] as const;
export type SummaryUnit = (typeof SUMMARY_UNITS)[number];
export const SUMMARY_SOURCE_KIND = { day: 'hour', month: 'day', year: 'day' } as const;

export const summaryQuerySchema = z.object({
  ...scope,
  timeUnit: z.enum(SUMMARY_UNITS),
  /** A day of the period: the day itself, any day of the month or year. */
  date: dateSchema,
});
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

const factorFields = {
  factorCode: z.string(),
  factorName: z.string().nullable(),
  factorNameEn: z.string().nullable(),
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
};

export const summaryRowSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  ...factorFields,
  /** Over every period with a value. */
  avg: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Periods with a value. */
  count: z.number().int(),
  valid: z.number().int(),
  exceedances: z.number().int(),
  compliance: z.number().nullable(),
  /** Periods in the summary's period (24 hours, the month's days, the year's days). */
  expected: z.number().int(),
  /** count / expected, at most 1. */
  completeness: z.number(),
});
export type SummaryRow = z.infer<typeof summaryRowSchema>;

export const summaryReportSchema = z.object({
  timeUnit: z.enum(SUMMARY_UNITS),
  /** '2026-11-05', '2026-11' or '2026'. */
  period: z.string(),
  projectName: z.string().nullable(),
  projectNameEn: z.string().nullable(),
  rows: z.array(summaryRowSchema),
  /** How many of the values it rests on an audit touched (issue 19: values are taken as audited). */
  auditedCount: z.number().int(),
});
export type SummaryReport = z.infer<typeof summaryReportSchema>;

/* ---------- isotope ---------- */

/** The factor catalogue's category marking isotope / radionuclide factors (factors.category). */
export const FACTOR_CATEGORY_ISOTOPE = 'isotope';
export const ISOTOPE_UNITS = ['hour', 'day', 'month'] as const;
/** The longest isotope report and odour rose: a year (plus a day for a leap year). */
export const STATISTICS_MAX_RANGE_MS = 366 * DAY_MS;
/** Minute data is read for a month at most. */
export const STATISTICS_MAX_MINUTE_RANGE_MS = 31 * DAY_MS;

const rangeCheck = <T extends { beginTime: number; endTime: number; timeUnit: string }>(v: T, ctx: z.RefinementCtx) => {
  const max = v.timeUnit === 'min' ? STATISTICS_MAX_MINUTE_RANGE_MS : STATISTICS_MAX_RANGE_MS;
  if (v.endTime <= v.beginTime || v.endTime - v.beginTime > max) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: V.pattern });
  }
};

export const isotopeQuerySchema = z
  .object({
    ...scope,
    deviceId: z.coerce.number().int().positive().optional(),
    timeUnit: z.enum(ISOTOPE_UNITS).default('day'),
    /** Epoch ms, inclusive. */
    beginTime: z.coerce.number().int(),
    /** Epoch ms, exclusive. */
    endTime: z.coerce.number().int(),
  })
  .superRefine(rangeCheck);
export type IsotopeQuery = z.infer<typeof isotopeQuerySchema>;

export const isotopeRowSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  ...factorFields,
  avg: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  count: z.number().int(),
  valid: z.number().int(),
});
export type IsotopeRow = z.infer<typeof isotopeRowSchema>;

export const isotopeReportSchema = z.object({
  /** The catalogue's isotope factors; none configured → the screen explains how to configure them. */
  factors: z.array(z.object(factorFields)),
  rows: z.array(isotopeRowSchema),
});
export type IsotopeReport = z.infer<typeof isotopeReportSchema>;

/* ---------- odour rose ---------- */

export const WIND_DIRECTION_FACTOR = 'a01008';
export const WIND_SPEED_FACTOR = 'a01007';
/** Wind slower than this (m/s) is calm: counted apart, in no direction sector. */
export const CALM_WIND_SPEED = 0.5;
export const ROSE_SECTORS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export const ROSE_SECTOR_DEGREES = 360 / ROSE_SECTORS.length;

/** The sector of a direction in degrees: sectors are centred, N = [348.75, 11.25). */
export function roseSector(direction: number): number {
  const normalized = ((direction % 360) + 360) % 360;
  return Math.floor((normalized + ROSE_SECTOR_DEGREES / 2) / ROSE_SECTOR_DEGREES) % ROSE_SECTORS.length;
}

export const ROSE_UNITS = ['min', 'hour', 'day'] as const;

export const odorRoseQuerySchema = z
  .object({
    ...scope,
    deviceId: idSchema,
    factorCode: z.string().trim().min(1, V.required).max(16, V.tooLong),
    timeUnit: z.enum(ROSE_UNITS).default('hour'),
    beginTime: z.coerce.number().int(),
    endTime: z.coerce.number().int(),
  })
  .superRefine(rangeCheck);
export type OdorRoseQuery = z.infer<typeof odorRoseQuerySchema>;

export const roseSectorSchema = z.object({
  sector: z.enum(ROSE_SECTORS),
  /** Degrees, the sector's start (inclusive) and end (exclusive); N wraps: 348.75–11.25. */
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
  /** Percent of all samples (calm included). */
  frequency: z.number(),
  /** Mean of the factor over the sector's samples. */
  mean: z.number().nullable(),
});
export type RoseSector = z.infer<typeof roseSectorSchema>;

export const odorRoseSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  ...factorFields,
  timeUnit: z.enum(ROSE_UNITS),
  /** Data times with a valid direction, speed and factor value. */
  samples: z.number().int(),
  calmSpeed: z.number(),
  calm: z.object({ count: z.number().int(), frequency: z.number(), mean: z.number().nullable() }),
  sectors: z.array(roseSectorSchema),
});
export type OdorRose = z.infer<typeof odorRoseSchema>;

/* ---------- exports ---------- */

/** `lang` picks the export's header and factor-name language (the console sends its own). */
const exportLang = { lang: z.enum(['zh-CN', 'en-US']).default('zh-CN') };
export type StatisticsExportLang = 'zh-CN' | 'en-US';
export const transmissionExportSchema = transmissionQuerySchema.extend(exportLang);
export const summaryExportSchema = summaryQuerySchema.extend(exportLang);
export const isotopeExportSchema = isotopeQuerySchema.extend(exportLang);
export const odorRoseExportSchema = odorRoseQuerySchema.extend(exportLang);
