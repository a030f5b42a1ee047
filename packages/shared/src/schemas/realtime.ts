import { z } from 'zod';
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
