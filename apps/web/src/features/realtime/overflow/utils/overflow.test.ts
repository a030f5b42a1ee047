import {
  ALARM_TYPE,
  OVERFLOW_TYPE,
  THRESHOLD_OPERATOR,
  type Alarm,
  type LiveMessage,
  type OverflowThreshold,
  type RealtimeOverflowStation,
} from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { applyStationMessages } from '../../water/utils/live-stations';
import { applyOverflowAlarms, levelPercent, OVERFLOW_RULES, overflowState, standardText } from './overflow';

const LEVEL = 'LVL01';
const T0 = 1_763_000_000_000;

const threshold = (overflowType: number, limit1: number, exceeded: boolean | null): OverflowThreshold => ({
  overflowType,
  factorCode: LEVEL,
  operator: THRESHOLD_OPERATOR.gt,
  limit1,
  limit2: null,
  enabled: true,
  exceeded,
});

const station = (deviceId: number, level: number | null): RealtimeOverflowStation => ({
  deviceId,
  deviceName: `溢流站 ${deviceId}`,
  deviceCode: `OF${deviceId}`,
  online: true,
  changedAt: null,
  utcOffsetMinutes: 480,
  levelFactorCode: LEVEL,
  values:
    level === null
      ? []
      : [{ factorCode: LEVEL, value: level, unit: 'm', flag: 'N', quality: 'N', kind: 'rtd', dataTime: T0 }],
  thresholds: [
    threshold(OVERFLOW_TYPE.overflow, 2.5, level === null ? null : level > 2.5),
    threshold(OVERFLOW_TYPE.fullPipe, 1.8, level === null ? null : level > 1.8),
  ],
  alarms: [],
  trend: [],
});

const alarm = (id: number, deviceId: number, overflowType: number | null, active = true): Alarm => ({
  id,
  alarmType: overflowType === null ? ALARM_TYPE.threshold : ALARM_TYPE.breaker,
  alarmLevel: 1,
  alarmValue: 2,
  unit: 'm',
  beginDate: T0,
  lastDate: T0,
  endDate: active ? null : T0,
  active,
  count: 1,
  overflowType,
  standardValue: '2.5,1.8,',
  symbol: 8,
  deviceId,
  deviceCode: `OF${deviceId}`,
  device: { deviceName: `溢流站 ${deviceId}`, utcOffsetMinutes: 480 },
  factorCode: LEVEL,
  factor: { factorName: '液位', factorNameEn: 'Level' },
  workOrder: { orderStatus: 1 },
});

const level = (deviceId: number, value: number, factorCode = LEVEL): LiveMessage => ({
  type: 'data',
  deviceId,
  deviceCode: `OF${deviceId}`,
  kind: 'rtd',
  dataTime: T0 + 60_000,
  values: [{ factorCode, value, flag: 'N', quality: 'N' }],
});

describe('overflow stations live', () => {
  it('recomputes the state of each overflow type from a pushed level, and trends the level', () => {
    const [next] = applyStationMessages([station(1, 1)], [level(1, 2.6)], OVERFLOW_RULES);
    expect(next?.thresholds.map((t) => t.exceeded)).toEqual([true, true]);
    expect(next?.trend).toEqual([expect.objectContaining({ factorCode: LEVEL, value: 2.6, count: 1 })]);
    const [calm] = applyStationMessages([station(1, 3)], [level(1, 1)], OVERFLOW_RULES);
    expect(calm?.thresholds.map(overflowState)).toEqual(['normal', 'normal']);
  });

  it('ignores factors no overflow threshold watches', () => {
    const stations = [station(1, 1)];
    expect(applyStationMessages(stations, [level(1, 50, 'w01018')], OVERFLOW_RULES)).toBe(stations);
  });

  it('adds, replaces and removes pushed overflow alarms of listed stations only', () => {
    const stations = [station(1, 2), station(2, 2)];
    const raised = applyOverflowAlarms(stations, [alarm(10, 1, OVERFLOW_TYPE.fullPipe), alarm(11, 1, null)]);
    expect(raised[0]?.alarms.map((a) => a.id)).toEqual([10]);
    expect(raised[1]).toBe(stations[1]);
    const cleared = applyOverflowAlarms(raised, [alarm(10, 1, OVERFLOW_TYPE.fullPipe, false)]);
    expect(cleared[0]?.alarms).toEqual([]);
    expect(applyOverflowAlarms(stations, [alarm(12, 9, OVERFLOW_TYPE.overflow)])).toBe(stations);
  });
});

describe('overflow display', () => {
  it('scales the level gauge to the highest standard with headroom', () => {
    expect(levelPercent(station(1, 2.5))).toBeCloseTo(80);
    expect(levelPercent(station(1, 5))).toBeCloseTo(80);
    expect(levelPercent(station(1, 0))).toBe(0);
    expect(levelPercent(station(1, null))).toBeNull();
  });

  it('names the state and writes the standard as the threshold settings do', () => {
    expect(overflowState({ exceeded: null })).toBe('noData');
    expect(overflowState({ exceeded: true })).toBe('exceeded');
    expect(standardText(threshold(1, 2.5, null), 'zh')).toBe('> 2.5');
    const ranged = { ...threshold(1, 1, null), operator: THRESHOLD_OPERATOR.notIn, limit2: 3 };
    expect(standardText(ranged, 'en')).toBe('not in (1,3)');
    expect(standardText({ ...ranged, operator: THRESHOLD_OPERATOR.in }, 'zh')).toBe('在[1,3]');
  });
});
