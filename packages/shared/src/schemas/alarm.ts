import { z } from 'zod';
import { WORK_ORDER_STATUSES } from '../alarm-codes.js';

/**
 * The alarm contract (SPEC sections 3, 4, 7, 9): what the engine stores and announces, what the
 * WebSocket pushes, what the badge dialog and the alarm screen show. Labels and colours of the
 * codes come from VOCABULARIES (alarmType, alarmStatus, alarmLevel, overflowType, thresholdSymbol).
 */

export * from '../alarm-codes.js';

/**
 * One alarm as the badge dialog, the alarm screen and the WebSocket see it. One active alarm per
 * device × factor × type (× overflow type); re-triggering updates it (value, count, lastDate),
 * recovery ends it (active false, endDate set).
 */
export const alarmSchema = z.object({
  id: z.number().int(),
  alarmType: z.number().int(),
  alarmLevel: z.number().int(),
  /** The value that raised (or last re-raised) the alarm; null for offline alarms. */
  alarmValue: z.number().nullable(),
  /** The value's unit (the device's own for the factor, else the catalogue's); null without a factor or unit. */
  unit: z.string().nullable(),
  /** When the alarm began, epoch ms. */
  beginDate: z.number().int(),
  /** The latest time the condition was seen. */
  lastDate: z.number().int(),
  /** When the condition recovered; null while active. */
  endDate: z.number().int().nullable(),
  active: z.boolean(),
  /** Exceedances counted since it began. */
  count: z.number().int(),
  overflowType: z.number().int().nullable(),
  /** The standard the value broke: one value, or comma separated per overflow type (SPEC section 3). */
  standardValue: z.string().nullable(),
  /** Threshold operator (1–6) or breaker symbol (1–8); null for types without one. */
  symbol: z.number().int().nullable(),
  deviceId: z.number().int(),
  deviceCode: z.string(),
  /** utcOffsetMinutes: the station's zone, the one its alarm times are shown in. */
  device: z.object({ deviceName: z.string(), utcOffsetMinutes: z.number().int() }),
  /** Null for alarms about the whole device (offline). */
  factorCode: z.string().nullable(),
  factor: z.object({ factorName: z.string(), factorNameEn: z.string().nullable() }).nullable(),
  workOrder: z.object({ orderStatus: z.number().int() }),
});
export type Alarm = z.infer<typeof alarmSchema>;

/** Blank filters from a query string ('' or absent) mean "any". */
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional());
const optionalInt = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional());

/** getCurrent: the active alarms of the devices the caller sees (ifFilter=1: the devices bound to the caller). */
export const alarmCurrentQuerySchema = z.object({
  projectId: optionalId,
  ifFilter: optionalInt,
});
export type AlarmCurrentQuery = z.infer<typeof alarmCurrentQuerySchema>;

/** The alarm screen's filters (current and history); beginTime/endTime bound beginDate, epoch ms. */
export const alarmFilterSchema = alarmCurrentQuerySchema.extend({
  deviceId: optionalId,
  factorCode: z.string().trim().optional(),
  alarmType: optionalInt,
  alarmLevel: optionalInt,
  orderStatus: optionalInt,
  /** 1 active only, 0 ended only. */
  active: optionalInt,
  beginTime: optionalInt,
  endTime: optionalInt,
});
export type AlarmFilter = z.infer<typeof alarmFilterSchema>;

/** Paged like every list (LIMITS.defaultPageSize 20, LIMITS.maxPageSize 1000; not imported to keep this file's head as it is). */
export const alarmQuerySchema = alarmFilterSchema.extend({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
});
export type AlarmQuery = z.infer<typeof alarmQuerySchema>;

export const WORK_ORDER_COMMENT_MAX = 256;

/** A work-order move: only WORK_ORDER_TRANSITIONS are accepted by the server. */
export const workOrderUpdateSchema = z.object({
  alarmId: z.coerce.number().int().positive(),
  orderStatus: z.literal(WORK_ORDER_STATUSES, { error: 'validation.required' }),
  comment: z
    .string()
    .trim()
    .max(WORK_ORDER_COMMENT_MAX, 'validation.tooLong')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type WorkOrderUpdate = z.infer<typeof workOrderUpdateSchema>;

export const workOrderHistoryQuerySchema = z.object({ alarmId: z.coerce.number().int().positive() });

/** One step of a work order's audit trail. */
export const workOrderEventSchema = z.object({
  id: z.number().int(),
  alarmId: z.number().int(),
  fromStatus: z.number().int(),
  toStatus: z.number().int(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  comment: z.string().nullable(),
  createTime: z.number().int(),
});
export type WorkOrderEvent = z.infer<typeof workOrderEventSchema>;
