import { z } from 'zod';
import { ALARM_LEVELS, ALARM_TYPES, OVERFLOW_TYPES, THRESHOLD_OPERATOR, THRESHOLD_OPERATORS } from './alarm.js';
import { idSchema, pageQuerySchema, V } from './common.js';
import { factorCodeSchema } from './factor.js';

/**
 * Alarm thresholds (per device × factor [× overflow type]), alarm strategies (per device × alarm
 * type) and the surface-water class limits (GB 3838-2002) — SPEC section 3 'Threshold limit',
 * section 7 '/alarm/threshold', '/system/alarm/strategy', 'surfactwaterlimit'.
 */

const limitSymbolSchema = z.enum(['DESC', 'ASC', 'ph']);

export const thresholdSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  factorCode: z.string(),
  factorName: z.string(),
  factorNameEn: z.string(),
  unit: z.string().nullable(),
  /** Null for a threshold that is not about an overflow type. */
  overflowType: z.number().int().nullable(),
  operator: z.number().int(),
  limit1: z.number().nullable(),
  limit2: z.number().nullable(),
  limitId: z.number().int().nullable(),
  alarmLevel: z.number().int(),
  enabled: z.boolean(),
  /** limitSymbol(limit1, limit2). */
  symbol: limitSymbolSchema,
  updateTime: z.number().int(),
});
export type Threshold = z.infer<typeof thresholdSchema>;

/** Blank form fields arrive as '' or null: both mean "no value". */
const optionalNumber = z
  .union([z.number(), z.null(), z.literal('')])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

/** Operators 1–4 compare with limit1; 5 and 6 need the range limit1 ≤ limit2. */
function checkLimits(
  t: { operator: number; limit1: number | null; limit2: number | null },
  ctx: z.RefinementCtx,
): void {
  if (t.limit1 === null) ctx.addIssue({ code: 'custom', message: V.required, path: ['limit1'] });
  const ranged = t.operator === THRESHOLD_OPERATOR.notIn || t.operator === THRESHOLD_OPERATOR.in;
  if (!ranged) return;
  if (t.limit2 === null) ctx.addIssue({ code: 'custom', message: V.required, path: ['limit2'] });
  else if (t.limit1 !== null && t.limit1 > t.limit2) {
    ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['limit2'] });
  }
}

const thresholdFields = z.object({
  deviceId: idSchema,
  factorCode: factorCodeSchema,
  overflowType: z
    .union([z.literal(OVERFLOW_TYPES), z.null()])
    .optional()
    .transform((v) => v ?? null),
  operator: z.literal(THRESHOLD_OPERATORS, { error: V.required }),
  limit1: optionalNumber,
  limit2: optionalNumber,
  limitId: z
    .union([idSchema, z.null()])
    .optional()
    .transform((v) => v ?? null),
  alarmLevel: z.literal(ALARM_LEVELS).default(1),
  enabled: z.boolean().default(true),
});

export const thresholdInputSchema = thresholdFields.superRefine(checkLimits);
export type ThresholdInput = z.infer<typeof thresholdInputSchema>;

export const thresholdUpdateSchema = thresholdFields.extend({ id: idSchema }).superRefine(checkLimits);
export type ThresholdUpdate = z.infer<typeof thresholdUpdateSchema>;

export const thresholdQuerySchema = pageQuerySchema.extend({
  deviceId: idSchema.optional(),
  factorCode: z.string().trim().optional(),
  projectId: idSchema.optional(),
});
export type ThresholdQuery = z.infer<typeof thresholdQuerySchema>;

export const waterThresholdQuerySchema = z.object({
  deviceId: idSchema.optional(),
  projectId: idSchema.optional(),
});
export type WaterThresholdQuery = z.infer<typeof waterThresholdQuerySchema>;

/** The surface-water classes I–V of GB 3838-2002. */
export const WATER_CLASSES = [1, 2, 3, 4, 5] as const;

/**
 * A factor's class limits. limit1 is class I's and limit2 class V's, so the derived symbol says
 * which way the classes run: DESC (dissolved oxygen: more is better), ASC (COD: less is better),
 * ph (no class limits: every class shares the range rangeMin–rangeMax).
 */
export const surfaceWaterLimitSchema = z.object({
  id: z.number().int(),
  factorCode: z.string(),
  factorName: z.string(),
  factorNameEn: z.string(),
  unit: z.string().nullable(),
  /** Class I to V, in order. */
  classLimits: z.array(z.number().nullable()),
  limit1: z.number().nullable(),
  limit2: z.number().nullable(),
  rangeMin: z.number().nullable(),
  rangeMax: z.number().nullable(),
  symbol: limitSymbolSchema,
});
export type SurfaceWaterLimit = z.infer<typeof surfaceWaterLimitSchema>;

export const STRATEGY_LIMITS = {
  consecutiveCountMax: 100,
  recoverySecondsMax: 86_400,
  repeatIntervalMinutesMax: 10_080,
} as const;

export const alarmStrategySchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  deviceName: z.string(),
  alarmType: z.number().int(),
  enabled: z.boolean(),
  alarmLevel: z.number().int(),
  /** Exceedances in a row before an alarm is raised. */
  consecutiveCount: z.number().int(),
  /** How long the recovery must hold before the alarm clears. */
  recoverySeconds: z.number().int(),
  /** Reminder interval while the work order is unhandled; 0 for none. */
  repeatIntervalMinutes: z.number().int(),
  updateTime: z.number().int(),
});
export type AlarmStrategy = z.infer<typeof alarmStrategySchema>;

/** update: one strategy per device × alarm type, created or replaced. */
export const alarmStrategyInputSchema = z.object({
  deviceId: idSchema,
  alarmType: z.literal(ALARM_TYPES, { error: V.required }),
  enabled: z.boolean().default(true),
  alarmLevel: z.literal(ALARM_LEVELS).default(1),
  consecutiveCount: z.number().int().min(1, V.integer).max(STRATEGY_LIMITS.consecutiveCountMax).default(1),
  recoverySeconds: z.number().int().min(0).max(STRATEGY_LIMITS.recoverySecondsMax).default(0),
  repeatIntervalMinutes: z.number().int().min(0).max(STRATEGY_LIMITS.repeatIntervalMinutesMax).default(0),
});
export type AlarmStrategyInput = z.infer<typeof alarmStrategyInputSchema>;

export const alarmStrategyQuerySchema = z.object({
  deviceId: idSchema.optional(),
  alarmType: z.coerce.number().int().optional(),
});
export type AlarmStrategyQuery = z.infer<typeof alarmStrategyQuerySchema>;
