import { ALARM_TYPE, THRESHOLD_OPERATOR as OP } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import {
  BATTERY_FACTOR_CODE,
  baseFlag,
  breaks,
  DEFAULT_STRATEGY,
  isDeviceFault,
  RuleBook,
  standardOf,
} from './alarm-rules.js';

const threshold = (
  fields: Partial<{
    deviceId: number;
    factorCode: string;
    overflowType: number;
    operator: number;
    limit1: number | null;
    limit2: number | null;
    enabled: number;
  }>,
) => ({
  id: 1,
  deviceId: 1,
  factorCode: 'w01018',
  overflowType: 0,
  operator: OP.gt,
  limit1: 30,
  limit2: null,
  limitId: null,
  alarmLevel: 1,
  enabled: 1,
  updateTime: 0,
  ...fields,
});

describe('alarm rules', () => {
  it.each([
    [OP.gt, 30, false],
    [OP.gt, 30.1, true],
    [OP.lt, 29.9, true],
    [OP.lt, 30, false],
    [OP.gte, 30, true],
    [OP.gte, 29.9, false],
    [OP.lte, 30, true],
    [OP.lte, 30.1, false],
  ])('operator %i with limit 30: %d breaks it: %s', (operator, value, expected) => {
    expect(breaks(operator, value, 30, null)).toBe(expected);
  });

  it('reads 5 as "alarm when not inside (m,n)" and 6 as "alarm when inside [m,n]"', () => {
    expect([5.9, 6, 7.5, 9, 9.1].map((v) => breaks(OP.notIn, v, 6, 9))).toEqual([true, true, false, true, true]);
    expect([5.9, 6, 7.5, 9, 9.1].map((v) => breaks(OP.in, v, 6, 9))).toEqual([false, true, true, true, false]);
  });

  it('never alarms on a threshold missing the limits it needs', () => {
    expect(breaks(OP.gt, 100, null, null)).toBe(false);
    expect(breaks(OP.notIn, 100, 6, null)).toBe(false);
    expect(breaks(99, 100, 1, 2)).toBe(false);
  });

  it('shows the limit, or the range, as the standard value', () => {
    expect(standardOf(OP.gt, 30, null)).toBe('30');
    expect(standardOf(OP.in, 6, 9)).toBe('6,9');
    expect(standardOf(OP.lt, null, null)).toBeNull();
  });

  it('knows the station fault flags D, D1–D27, B and F, ignoring the before-fitting dot', () => {
    expect(['D', 'D1', 'D27', 'B', 'F'].every(isDeviceFault)).toBe(true);
    expect(['N', 'C', 'M', 'D28', 'T', null].some(isDeviceFault)).toBe(false);
    expect(baseFlag('D3.')).toBe('D3');
    expect(baseFlag(null)).toBeNull();
  });

  it('types thresholds: battery factor → battery, overflow type → breaker with per-type standards, else threshold', () => {
    const book = new RuleBook({
      thresholds: [
        threshold({}),
        threshold({ factorCode: BATTERY_FACTOR_CODE, operator: OP.lt, limit1: 11.5 }),
        threshold({ factorCode: 'w00000', overflowType: 1, limit1: 2 }),
        threshold({ factorCode: 'w00000', overflowType: 3, limit1: 4 }),
      ],
      strategies: [],
    });
    expect(book.thresholdsOf(1, 'w01018').map((r) => r.alarmType)).toEqual([ALARM_TYPE.threshold]);
    expect(book.thresholdsOf(1, BATTERY_FACTOR_CODE).map((r) => r.alarmType)).toEqual([ALARM_TYPE.battery]);
    expect(book.thresholdsOf(1, 'w00000').map((r) => [r.alarmType, r.standardValue])).toEqual([
      [ALARM_TYPE.breaker, '2,,4'],
      [ALARM_TYPE.breaker, '2,,4'],
    ]);
    expect(book.thresholdsOf(2, 'w01018')).toEqual([]);
  });

  it('falls back to the default strategy', () => {
    const book = new RuleBook({
      thresholds: [],
      strategies: [
        {
          id: 1,
          deviceId: 1,
          alarmType: 1,
          enabled: 0,
          alarmLevel: 3,
          consecutiveCount: 2,
          recoverySeconds: 30,
          repeatIntervalMinutes: 0,
          updateTime: 0,
        },
      ],
    });
    expect(book.strategyOf(1, 1)).toEqual({ enabled: false, alarmLevel: 3, consecutiveCount: 2, recoveryMs: 30_000 });
    expect(book.strategyOf(1, 2)).toBe(DEFAULT_STRATEGY);
  });
});
