import { ALARM_TYPE, THRESHOLD_OPERATOR, thresholdBroken, type AlarmType } from '@envmon/shared';
import type { AlarmRuleRows } from '../threshold/threshold.service.js';

/**
 * The alarm engine's rules, pure and cached: thresholds by device and factor, strategies by device
 * and alarm type. Built once from the database and again after every threshold or strategy edit,
 * so evaluating a value never reads the database.
 */

/**
 * Battery voltage: HJ 212 has no code for it, so the platform adds one to the factor catalogue
 * (seed.ts). A threshold on it raises battery alarms (type 3) instead of threshold alarms.
 */
export const BATTERY_FACTOR_CODE = 'BATV';
export const BATTERY_FACTOR_CODES: ReadonlySet<string> = new Set([BATTERY_FACTOR_CODE]);

/** Station flags that mean the instrument or its link is faulty (SPEC section 3 data flags): D, D1–D27, B, F. */
const DEVICE_FAULT_FLAGS: ReadonlySet<string> = new Set([
  'D',
  'B',
  'F',
  ...Array.from({ length: 27 }, (_, i) => `D${i + 1}`),
]);

/** A flag with a dot marks a value before fitting; the fault is the part before it. */
export function baseFlag(flag: string | null): string | null {
  if (flag === null) return null;
  const dot = flag.indexOf('.');
  return dot < 0 ? flag : flag.slice(0, dot);
}

export const isDeviceFault = (flag: string | null): boolean => flag !== null && DEVICE_FAULT_FLAGS.has(flag);

/** Whether a value breaks a threshold: the shared rule (operators 5 and 6 read there). */
export const breaks = thresholdBroken;

/** The standard a threshold alarm shows: the limit, or 'm,n' for the range operators. */
export function standardOf(operator: number, limit1: number | null, limit2: number | null): string | null {
  if (limit1 === null) return null;
  const ranged = operator === THRESHOLD_OPERATOR.notIn || operator === THRESHOLD_OPERATOR.in;
  return ranged ? `${limit1},${limit2 ?? ''}` : String(limit1);
}

export interface ThresholdRule {
  factorCode: string;
  /** 0 for none. */
  overflowType: number;
  operator: number;
  limit1: number | null;
  limit2: number | null;
  alarmLevel: number;
  enabled: boolean;
  /** What a breach raises: battery (3) for the battery factor, breaker (5) with an overflow type, else threshold (1). */
  alarmType: AlarmType;
  /** standardValue of the alarm: for overflow thresholds one value per overflow type (1, 2, 3), comma separated. */
  standardValue: string | null;
}

export interface StrategyRule {
  enabled: boolean;
  alarmLevel: number | null;
  consecutiveCount: number;
  recoveryMs: number;
}

/** No strategy stored: on, one exceedance raises, recovery clears at once, level from the threshold (or 1). */
export const DEFAULT_STRATEGY: StrategyRule = { enabled: true, alarmLevel: null, consecutiveCount: 1, recoveryMs: 0 };

function alarmTypeOf(factorCode: string, overflowType: number): AlarmType {
  if (BATTERY_FACTOR_CODES.has(factorCode)) return ALARM_TYPE.battery;
  return overflowType > 0 ? ALARM_TYPE.breaker : ALARM_TYPE.threshold;
}

const NO_THRESHOLDS: readonly ThresholdRule[] = Object.freeze([]);

export class RuleBook {
  /** deviceId → factorCode → its thresholds (one per overflow type). */
  private readonly thresholds = new Map<number, Map<string, ThresholdRule[]>>();
  /** `${deviceId}:${alarmType}` → strategy. */
  private readonly strategies = new Map<string, StrategyRule>();

  constructor(rows: AlarmRuleRows) {
    for (const t of rows.thresholds) {
      let byFactor = this.thresholds.get(t.deviceId);
      if (!byFactor) {
        byFactor = new Map();
        this.thresholds.set(t.deviceId, byFactor);
      }
      const list = byFactor.get(t.factorCode) ?? [];
      list.push({
        factorCode: t.factorCode,
        overflowType: t.overflowType,
        operator: t.operator,
        limit1: t.limit1,
        limit2: t.limit2,
        alarmLevel: t.alarmLevel,
        enabled: t.enabled === 1,
        alarmType: alarmTypeOf(t.factorCode, t.overflowType),
        standardValue: standardOf(t.operator, t.limit1, t.limit2),
      });
      byFactor.set(t.factorCode, list);
    }
    for (const list of this.allLists()) {
      const overflow = list.filter((r) => r.overflowType > 0);
      if (overflow.length === 0) continue;
      const perType = [1, 2, 3].map((type) => overflow.find((r) => r.overflowType === type)?.limit1 ?? '').join(',');
      for (const rule of overflow) rule.standardValue = perType;
    }
    for (const s of rows.strategies) {
      this.strategies.set(`${s.deviceId}:${s.alarmType}`, {
        enabled: s.enabled === 1,
        alarmLevel: s.alarmLevel,
        consecutiveCount: Math.max(1, s.consecutiveCount),
        recoveryMs: Math.max(0, s.recoverySeconds) * 1000,
      });
    }
  }

  thresholdsOf(deviceId: number, factorCode: string): readonly ThresholdRule[] {
    return this.thresholds.get(deviceId)?.get(factorCode) ?? NO_THRESHOLDS;
  }

  strategyOf(deviceId: number, alarmType: number): StrategyRule {
    return this.strategies.get(`${deviceId}:${alarmType}`) ?? DEFAULT_STRATEGY;
  }

  private *allLists(): Iterable<ThresholdRule[]> {
    for (const byFactor of this.thresholds.values()) yield* byFactor.values();
  }
}
