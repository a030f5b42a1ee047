/**
 * The alarm codes and their rules (SPEC sections 3, 9), with no zod: the alarm schemas (./schemas/alarm.ts) build
 * on them and re-export them, and screens of the console's first download (the header's alarm bell) read them
 * without loading a schema (scripts/bundle-budget.mjs).
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
