import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * The single-station report (SPEC section 2 'reports'): every factor of one station over a period,
 * read from the hour/day/month rollups (never raw minute data).
 *
 * Definitions:
 * - valid value: a rollup row with a value whose station flag is N and whose platform quality
 *   flag is N (values the platform marked suspect, SH1–SH5/WN, are not valid);
 * - exceedance: a valid value breaking any enabled threshold of the device × factor (`thresholdBroken`);
 * - compliance rate: (valid − exceedances) / valid, null when there is no valid value.
 */
export const REPORT_TIME_UNITS = ['hour', 'day', 'month'] as const;

export const reportSingleStationQuerySchema = z.object({
  deviceId: z.coerce.number().int(),
  timeUnit: z.enum(REPORT_TIME_UNITS),
  /** Epoch ms, inclusive. */
  beginTime: z.coerce.number().int(),
  /** Epoch ms, exclusive. */
  endTime: z.coerce.number().int(),
});
export type ReportSingleStationQuery = z.infer<typeof reportSingleStationQuerySchema>;

export const reportFactorSummarySchema = z.object({
  factorCode: z.string(),
  factorName: z.string().nullable(),
  factorNameEn: z.string().nullable(),
  unit: z.string().nullable(),
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
export type ReportFactorSummary = z.infer<typeof reportFactorSummarySchema>;

export const reportPeriodRowSchema = z.object({
  dataTime: z.number().int(),
  /** Period average per factor code. */
  values: z.record(z.string(), z.number().nullable()),
});

export const reportSingleStationSchema = z.object({
  deviceId: idSchema,
  timeUnit: z.enum(REPORT_TIME_UNITS),
  factors: z.array(reportFactorSummarySchema),
  rows: z.array(reportPeriodRowSchema),
});
export type ReportSingleStation = z.infer<typeof reportSingleStationSchema>;
