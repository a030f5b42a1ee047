import { z } from 'zod';

/**
 * The alarm contract (SPEC sections 3, 4, 7, 9): what the engine stores and announces, what the
 * WebSocket pushes, what the badge dialog and the alarm screen show. Labels and colours of the
 * codes come from VOCABULARIES (alarmType, alarmStatus, alarmLevel, overflowType, thresholdSymbol).
 */

/** Alarm type: 1 threshold, 2 offline, 3 battery, 4 device, 5 breaker. */
export const ALARM_TYPE = { threshold: 1, offline: 2, battery: 3, device: 4, breaker: 5 } as const;
export type AlarmType = (typeof ALARM_TYPE)[keyof typeof ALARM_TYPE];
export const ALARM_TYPES = Object.values(ALARM_TYPE);

/** Alarm level 1 (most severe) to 3. */
export const ALARM_LEVELS = [1, 2, 3] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** Overflow type: 1 overflow, 2 full pipe, 3 waterlogging. */
export const OVERFLOW_TYPE = { overflow: 1, fullPipe: 2, waterlogging: 3 } as const;
export type OverflowType = (typeof OVERFLOW_TYPE)[keyof typeof OVERFLOW_TYPE];
export const OVERFLOW_TYPES = Object.values(OVERFLOW_TYPE);

/** Work order (alarm handling) status: 1 pending, 2 in progress, 3 handled, 4 false alarm. */
export const WORK_ORDER_STATUS = { pending: 1, inProgress: 2, handled: 3, falseAlarm: 4 } as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUS)[keyof typeof WORK_ORDER_STATUS];
export const WORK_ORDER_STATUSES = Object.values(WORK_ORDER_STATUS);

/** The only moves a work order may make: 1→2, 1→4, 2→3, 2→4; 3 and 4 are final. */
export const WORK_ORDER_TRANSITIONS: Readonly<Record<WorkOrderStatus, readonly WorkOrderStatus[]>> = {
  1: [2, 4],
  2: [3, 4],
  3: [],
  4: [],
};

export function canMoveWorkOrder(from: WorkOrderStatus, to: WorkOrderStatus): boolean {
  return WORK_ORDER_TRANSITIONS[from].includes(to);
}

/** Threshold operator: 1 >, 2 <, 3 >=, 4 <=, 5 not in (m,n), 6 in [m,n]. */
export const THRESHOLD_OPERATOR = { gt: 1, lt: 2, gte: 3, lte: 4, notIn: 5, in: 6 } as const;
export type ThresholdOperator = (typeof THRESHOLD_OPERATOR)[keyof typeof THRESHOLD_OPERATOR];
export const THRESHOLD_OPERATORS = Object.values(THRESHOLD_OPERATOR);

/**
 * The breaker alarm's symbol (SPEC section 9 'Alarm text for alarmType 5'): the operators 1–6,
 * 7 fluctuation rate exceeded, 8 liquid level standard exceeded.
 */
export const BREAKER_SYMBOLS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type BreakerSymbol = (typeof BREAKER_SYMBOLS)[number];

/** The i18n key (namespace alarm) of the breaker text for a symbol. */
export function breakerTextKey(symbol: number): string | null {
  switch (symbol) {
    case 1:
    case 3:
      return 'alarm.breaker.exceeds';
    case 2:
    case 4:
      return 'alarm.breaker.below';
    case 5:
    case 6:
      return 'alarm.breaker.outsideRange';
    case 7:
      return 'alarm.breaker.fluctuation';
    case 8:
      return 'alarm.breaker.liquidLevel';
    default:
      return null;
  }
}

/**
 * Whether a value breaks a threshold (the alarm engine's rule, and the screens' live state).
 * Operators 1–4 compare with limit1. The two range operators, named by the range they describe:
 * 5 'not in (m,n)' is broken when the value is not inside the open range (m,n), i.e. value ≤ m or
 * value ≥ n; 6 'in [m,n]' when the value lies in the closed range, m ≤ value ≤ n. A threshold
 * missing a limit it needs is never broken.
 */
export function thresholdBroken(
  operator: number,
  value: number,
  limit1: number | null,
  limit2: number | null,
): boolean {
  if (limit1 === null) return false;
  switch (operator) {
    case THRESHOLD_OPERATOR.gt:
      return value > limit1;
    case THRESHOLD_OPERATOR.lt:
      return value < limit1;
    case THRESHOLD_OPERATOR.gte:
      return value >= limit1;
    case THRESHOLD_OPERATOR.lte:
      return value <= limit1;
    case THRESHOLD_OPERATOR.notIn:
      return limit2 !== null && (value <= limit1 || value >= limit2);
    case THRESHOLD_OPERATOR.in:
      return limit2 !== null && value >= limit1 && value <= limit2;
    default:
      return false;
  }
}

/** A threshold limit's derived symbol: DESC when limit1 > limit2, ASC otherwise, ph when limit1 is absent. */
export type LimitSymbol = 'DESC' | 'ASC' | 'ph';

export function limitSymbol(limit1: number | null | undefined, limit2: number | null | undefined): LimitSymbol {
  if (limit1 === null || limit1 === undefined) return 'ph';
  if (limit2 !== null && limit2 !== undefined && limit1 > limit2) return 'DESC';
  return 'ASC';
}

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
