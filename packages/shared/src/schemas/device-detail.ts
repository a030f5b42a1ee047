import { z } from 'zod';
import { idSchema, pageQuerySchema } from './common.js';
import { deviceSchema } from './device.js';

/**
 * Why a device add, update or delete was refused, in the failure envelope's `data.reason`
 * (SPEC section 8: UNIQUENESS for a taken code, CONSISTENCY for a device still bound).
 */
export const DEVICE_FAILURE_REASON = { uniqueness: 'UNIQUENESS', consistency: 'CONSISTENCY' } as const;
export type DeviceFailureReason = (typeof DEVICE_FAILURE_REASON)[keyof typeof DEVICE_FAILURE_REASON];

/** `?deviceId=` of the detail tabs. */
export const deviceIdQuerySchema = z.object({ deviceId: idSchema });
export type DeviceIdQuery = z.infer<typeof deviceIdQuerySchema>;

/** `?deviceCode=` of 'list users'. */
export const deviceCodeQuerySchema = z.object({ deviceCode: z.string().trim().min(1) });

/** A user bound to a device (the device code is among the user's device codes). */
export const deviceUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
});
export type DeviceUser = z.infer<typeof deviceUserSchema>;

/**
 * A device's connection state for the map markers. Devices that never sent a packet have no
 * recorded state: offline, with null times.
 */
export const deviceStatusSchema = z.object({
  deviceId: z.number().int(),
  online: z.boolean(),
  /** Epoch ms of the last online/offline change. */
  changedAt: z.number().int().nullable(),
  lastPacketAt: z.number().int().nullable(),
});
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

/** getStatus: the devices the caller may see (ifFilter=1: only those bound to the caller; projectId: one project's). */
export const deviceStatusQuerySchema = z.object({
  projectId: z.coerce.number().int().optional(),
  ifFilter: z.coerce.number().int().optional(),
});

/** The summary tab: the device, its connection and what it sent today and ever. */
export const deviceSummarySchema = z.object({
  device: deviceSchema,
  online: z.boolean(),
  changedAt: z.number().int().nullable(),
  lastPacketAt: z.number().int().nullable(),
  /** Start of the device's local day (its UTC offset) that the *Today counts cover, epoch ms. */
  dayStart: z.number().int(),
  /** Stored values (any kind) whose data time falls in the device's current day. */
  measurementsToday: z.number().int().nonnegative(),
  /** Packets received today that were matched to this device, accepted or not. */
  packetsToday: z.number().int().nonnegative(),
  /** Of those, the packets refused (wrong PW, bad data …). */
  rejectedToday: z.number().int().nonnegative(),
  /** Factors with a latest value. */
  factorsReporting: z.number().int().nonnegative(),
  /** Earliest and latest data time of the device's stored values; null when it has none. */
  firstDataTime: z.number().int().nullable(),
  lastDataTime: z.number().int().nullable(),
});
export type DeviceSummary = z.infer<typeof deviceSummarySchema>;

/** getOperateLog: the operation log entries about one device, newest first. */
export const deviceOperateLogQuerySchema = pageQuerySchema.extend({ deviceId: idSchema });

/** One factor's latest value (live data tab). */
export const deviceLatestValueSchema = z.object({
  factorCode: z.string(),
  /** Null when the factor is not in the catalogue (a station sent a code the platform does not know). */
  factorName: z.string().nullable(),
  factorNameEn: z.string().nullable(),
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** rtd, min, hour, day … (the data kind of the latest upload). */
  kind: z.string(),
  dataTime: z.number().int(),
  value: z.number().nullable(),
  /** The station's flag (N, D, C …). */
  flag: z.string().nullable(),
  /** The platform's quality flag (N, SH1–SH5, WN). */
  quality: z.string(),
  receivedAt: z.number().int(),
});
export type DeviceLatestValue = z.infer<typeof deviceLatestValueSchema>;

/** What setting/sync can push to a station: report interval (1062), clock (1012), password (1072). */
export const DEVICE_SYNC_ITEMS = ['intervalTime', 'time', 'password'] as const;
export type DeviceSyncItem = (typeof DEVICE_SYNC_ITEMS)[number];

export const deviceSyncSchema = z.object({
  deviceId: idSchema,
  items: z
    .array(z.enum(DEVICE_SYNC_ITEMS))
    .min(1)
    .transform((items) => [...new Set(items)]),
});
export type DeviceSyncRequest = z.infer<typeof deviceSyncSchema>;

/**
 * How one pushed setting ended: ok (executed), refused (the station rejected the request, e.g.
 * QnRtn 2 or a PW error), failed (accepted but not executed, ExeRtn other than 1), timeout (no
 * answer after the resends), notConnected (the station went away), skipped (nothing to push: the
 * device has no password).
 */
export const DEVICE_SYNC_OUTCOMES = ['ok', 'refused', 'failed', 'timeout', 'notConnected', 'skipped'] as const;
export type DeviceSyncOutcome = (typeof DEVICE_SYNC_OUTCOMES)[number];

export const deviceSyncResultSchema = z.object({
  item: z.enum(DEVICE_SYNC_ITEMS),
  /** The HJ 212 command sent. */
  cn: z.string(),
  outcome: z.enum(DEVICE_SYNC_OUTCOMES),
  /** The station's QnRtn / ExeRtn (HJ 212 tables 6 and 7) when it answered. */
  qnRtn: z.number().nullable(),
  exeRtn: z.number().nullable(),
});
export type DeviceSyncResult = z.infer<typeof deviceSyncResultSchema>;
