import { z } from 'zod';
import { alarmSchema, limitSymbol, thresholdBroken } from './alarm.js';
import { idSchema } from './common.js';

/**
 * The real-time screens (SPEC section 2 'real-time: chart, real-time data'): the latest value of
 * every factor of the project's devices, and one device's recent real-time (2011) values to fill
 * a live chart before the push takes over.
 */

/** Minutes of history the chart may ask for, and the default. */
export const REALTIME_RECENT_MINUTES = { default: 60, max: 24 * 60 } as const;

/** Most values getRecent returns (the newest ones): a day of 30 s values for a handful of factors. */
export const REALTIME_RECENT_MAX_VALUES = 20_000;

/** getLatest: the caller's project choice (all projects when absent); ifFilter=1: only the devices bound to the caller. */
export const realtimeLatestQuerySchema = z.object({
  projectId: z.coerce.number().int().optional(),
  ifFilter: z.coerce.number().int().optional(),
});
export type RealtimeLatestQuery = z.infer<typeof realtimeLatestQuerySchema>;

/** A factor present among the devices' latest values: the table's column. */
export const realtimeFactorSchema = z.object({
  factorCode: z.string(),
  /** Null when the factor is not in the catalogue (a station sent a code the platform does not know). */
  factorName: z.string().nullable(),
  factorNameEn: z.string().nullable(),
  /** The catalogue's unit; a device may set its own (the value's unit). */
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
});
export type RealtimeFactor = z.infer<typeof realtimeFactorSchema>;

/** One factor's latest value on one device, with the station's flag and the platform's quality flag. */
export const realtimeValueSchema = z.object({
  factorCode: z.string(),
  value: z.number().nullable(),
  /** The unit the device's factor settings give, else the catalogue's. */
  unit: z.string().nullable(),
  flag: z.string().nullable(),
  quality: z.string(),
  /** rtd, min, hour, day: the data kind of the latest upload. */
  kind: z.string(),
  dataTime: z.number().int(),
});
export type RealtimeValue = z.infer<typeof realtimeValueSchema>;

/** A device with its connection state and latest values (none for a device that never reported). */
export const realtimeDeviceSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceCode: z.string(),
  deviceType: z.string(),
  ifValid: z.number().int(),
  /** The project (deploy type 1) and address (deploy type 2) groups, for the device tree. */
  projectId: z.number().int().nullable(),
  addressId: z.number().int().nullable(),
  online: z.boolean(),
  /** Epoch ms of the last online/offline change; null when never heard from. */
  changedAt: z.number().int().nullable(),
  /** The station's zone: its data times are shown on its clock. */
  utcOffsetMinutes: z.number().int(),
  values: z.array(realtimeValueSchema),
});
export type RealtimeDevice = z.infer<typeof realtimeDeviceSchema>;

export const realtimeLatestSchema = z.object({
  /** Every factor with a latest value on any of the devices, by factor code. */
  factors: z.array(realtimeFactorSchema),
  /** The devices by id. */
  devices: z.array(realtimeDeviceSchema),
});
export type RealtimeLatest = z.infer<typeof realtimeLatestSchema>;

/**
 * getRecent: one device's real-time values of the last `minutes`, for the chosen factors (all when
 * absent); ifFilter=1 refuses a device not bound to the caller, as getLatest leaves it out.
 */
export const realtimeRecentQuerySchema = z.object({
  deviceId: idSchema,
  /** The project chosen in the header: a device of another project is not found. */
  projectId: z.coerce.number().int().optional(),
  ifFilter: z.coerce.number().int().optional(),
  factorCodes: z
    .string()
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter((c) => c.length > 0),
      ),
    ]),
  minutes: z.coerce.number().int().min(1).max(REALTIME_RECENT_MINUTES.max).default(REALTIME_RECENT_MINUTES.default),
});
export type RealtimeRecentQuery = z.infer<typeof realtimeRecentQuerySchema>;

export const realtimePointSchema = z.object({
  factorCode: z.string(),
  dataTime: z.number().int(),
  value: z.number().nullable(),
  flag: z.string().nullable(),
  quality: z.string(),
});
export type RealtimePoint = z.infer<typeof realtimePointSchema>;

export const realtimeRecentSchema = z.object({
  deviceId: z.number().int(),
  /** Start of the window (epoch ms). */
  from: z.number().int(),
  /** Oldest first; the newest REALTIME_RECENT_MAX_VALUES when the window holds more. */
  points: z.array(realtimePointSchema),
  /** True when older values of the window were left out. */
  truncated: z.boolean(),
});
export type RealtimeRecent = z.infer<typeof realtimeRecentSchema>;

/*
 * The water and overflow screens (SPEC section 2 'real-time: overflow, water'): the project's
 * water stations with each value's surface-water class, and its overflow stations with their
 * level against the standard of each overflow type; both with a day's trend for a sparkline.
 */

/** HJ 212 system code of surface-water stations (ST=21); the water screen lists these devices. */
export const WATER_DEVICE_TYPE = '21';

/** The trend behind the sparklines: the last day of real-time values, averaged per half hour. */
export const REALTIME_TREND = { windowMs: 24 * 60 * 60_000, bucketMs: 30 * 60_000 } as const;

/** Surface-water class 1–5 (I–V of GB 3838-2002); 6 is worse than class V ('inferior V'). */
export const WATER_CLASS_INFERIOR = 6;

/** antd preset tag colours per class, readable in the light and the dark theme. */
export const WATER_CLASS_COLORS: Readonly<Record<number, string>> = {
  1: 'cyan',
  2: 'blue',
  3: 'green',
  4: 'gold',
  5: 'orange',
  [WATER_CLASS_INFERIOR]: 'red',
};

/** A factor's class limits as the surface-water limit settings store them. */
export const waterClassLimitsSchema = z.object({
  factorCode: z.string(),
  /** Class I to V, in order. */
  classLimits: z.array(z.number().nullable()),
  rangeMin: z.number().nullable(),
  rangeMax: z.number().nullable(),
});
export type WaterClassLimits = z.infer<typeof waterClassLimitsSchema>;

/**
 * The class a value meets: the best class whose limit it keeps. Which way the limits run follows
 * the threshold symbol of class I's and class V's limits: ASC (COD: lower is better, value ≤
 * limit), DESC (dissolved oxygen: higher is better, value ≥ limit). Without class limits (pH) every
 * class shares the range rangeMin–rangeMax, so a value inside it meets class I and one outside is
 * worse than class V. Null when the value or the limits are missing.
 */
export function waterClassOf(limits: WaterClassLimits | undefined, value: number | null): number | null {
  if (limits === undefined || value === null || !Number.isFinite(value)) return null;
  const { classLimits, rangeMin, rangeMax } = limits;
  const symbol = limitSymbol(classLimits[0], classLimits.at(-1));
  if (symbol === 'ph') {
    if (rangeMin === null || rangeMax === null) return null;
    return value >= rangeMin && value <= rangeMax ? 1 : WATER_CLASS_INFERIOR;
  }
  const index = classLimits.findIndex(
    (limit) => limit !== null && (symbol === 'DESC' ? value >= limit : value <= limit),
  );
  return index < 0 ? WATER_CLASS_INFERIOR : index + 1;
}

/** getWater and getOverflow take the project choice and ifFilter of getLatest. */
export const realtimeStationsQuerySchema = realtimeLatestQuerySchema;
export type RealtimeStationsQuery = RealtimeLatestQuery;

/** One factor's average over one trend bucket; count lets a live value join the newest bucket's average. */
export const realtimeTrendPointSchema = z.object({
  factorCode: z.string(),
  /** Start of the bucket, epoch ms. */
  time: z.number().int(),
  value: z.number(),
  count: z.number().int(),
});
export type RealtimeTrendPoint = z.infer<typeof realtimeTrendPointSchema>;

const stationFields = realtimeDeviceSchema.pick({
  deviceId: true,
  deviceName: true,
  deviceCode: true,
  online: true,
  changedAt: true,
  utcOffsetMinutes: true,
});

export const realtimeWaterValueSchema = realtimeValueSchema.extend({
  /** waterClassOf the value; null for a factor without class limits. */
  waterClass: z.number().int().nullable(),
});
export type RealtimeWaterValue = z.infer<typeof realtimeWaterValueSchema>;

export const realtimeWaterStationSchema = stationFields.extend({
  values: z.array(realtimeWaterValueSchema),
  /** Oldest first, by factor. */
  trend: z.array(realtimeTrendPointSchema),
});
export type RealtimeWaterStation = z.infer<typeof realtimeWaterStationSchema>;

/** Trend window and bucket size shared by both screens' answers. */
const trendWindow = z.object({ from: z.number().int(), bucketMs: z.number().int() });

export const realtimeWaterSchema = trendWindow.extend({
  /** The factors with a latest value on any station. */
  factors: z.array(realtimeFactorSchema),
  /** The class limits of the factors that have them (a live value's class is computed from these). */
  limits: z.array(waterClassLimitsSchema),
  stations: z.array(realtimeWaterStationSchema),
});
export type RealtimeWater = z.infer<typeof realtimeWaterSchema>;

/** One overflow type's threshold on a station and whether the latest value of its factor breaks it. */
export const overflowThresholdSchema = z.object({
  overflowType: z.number().int(),
  factorCode: z.string(),
  operator: z.number().int(),
  limit1: z.number().nullable(),
  limit2: z.number().nullable(),
  enabled: z.boolean(),
  /** Null while the factor has no value. */
  exceeded: z.boolean().nullable(),
});
export type OverflowThreshold = z.infer<typeof overflowThresholdSchema>;

/** The state of an overflow type on a station, from the latest value of the threshold's factor. */
export function overflowExceeded(
  threshold: Pick<OverflowThreshold, 'operator' | 'limit1' | 'limit2'>,
  value: number | null | undefined,
): boolean | null {
  if (value === null || value === undefined) return null;
  return thresholdBroken(threshold.operator, value, threshold.limit1, threshold.limit2);
}

/**
 * An overflow station: a device with at least one threshold that has an overflow type (the way the
 * platform knows a device watches overflow, full pipe or waterlogging — the catalogue has no level
 * factor of its own). Its level factor is the factor of its first overflow threshold.
 */
export const realtimeOverflowStationSchema = stationFields.extend({
  levelFactorCode: z.string(),
  /** The latest values of the factors its overflow thresholds watch. */
  values: z.array(realtimeValueSchema),
  /** By overflow type. */
  thresholds: z.array(overflowThresholdSchema),
  /** Its active overflow (breaker) alarms, newest first. */
  alarms: z.array(alarmSchema),
  /** The level factor's trend, oldest first. */
  trend: z.array(realtimeTrendPointSchema),
});
export type RealtimeOverflowStation = z.infer<typeof realtimeOverflowStationSchema>;

export const realtimeOverflowSchema = trendWindow.extend({
  factors: z.array(realtimeFactorSchema),
  stations: z.array(realtimeOverflowStationSchema),
});
export type RealtimeOverflow = z.infer<typeof realtimeOverflowSchema>;
