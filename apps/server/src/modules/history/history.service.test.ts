import { formatStationTime, HISTORY_TIME_PRECISION, type HistoryTimeUnit, HOUR_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { flowPeriodStart, flowSums } from './history.service.js';

const formatPeriod = (ms: number, unit: HistoryTimeUnit, offset: number) =>
  formatStationTime(ms, offset, HISTORY_TIME_PRECISION[unit]);

/** Beijing-time midnight of a date (UTC+8). */
const BJ = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) - 8 * HOUR_MS;

describe('history periods', () => {
  it('puts a station-local day into its local month and year, across the UTC date line', () => {
    // 1 March 00:00 in Beijing is 28 February 16:00 UTC: still March for the station.
    expect(flowPeriodStart(BJ(2026, 3, 1), 'flowMonth', 480)).toBe(BJ(2026, 3, 1));
    expect(flowPeriodStart(BJ(2026, 3, 31), 'flowMonth', 480)).toBe(BJ(2026, 3, 1));
    expect(flowPeriodStart(BJ(2026, 3, 31), 'flowYear', 480)).toBe(BJ(2026, 1, 1));
    expect(flowPeriodStart(BJ(2026, 3, 31), 'flowDay', 480)).toBe(BJ(2026, 3, 31));
  });

  it('formats a period start in the station’s own time, as precise as the unit', () => {
    expect(formatPeriod(BJ(2026, 3, 1, 5), 'hour', 480)).toBe('2026-03-01 05:00');
    expect(formatPeriod(BJ(2026, 3, 1, 5) + 7_000, 'realtime', 480)).toBe('2026-03-01 05:00:07');
    expect(formatPeriod(BJ(2026, 3, 1), 'flowDay', 480)).toBe('2026-03-01');
    expect(formatPeriod(BJ(2026, 3, 1), 'month', 480)).toBe('2026-03');
    expect(formatPeriod(BJ(2026, 1, 1), 'flowYear', 480)).toBe('2026');
  });

  it('sums flows: a day value’s cou over its hours’ sum, days into months', () => {
    const day = (d: number, cou: number) => ({ deviceId: 1, factorCode: 'w00000', dataTime: BJ(2026, 3, d), cou });
    // Hours give 1 March 60 and 2 March 10; the day values give 2 March 100 and 3 March 40.
    const hours = [day(1, 60), day(2, 10)];
    const days = [day(2, 100), day(3, 40)];
    expect(flowSums(days, hours, 'flowDay', () => 480).map((r) => r.cou)).toEqual([60, 100, 40]);
    // March: 60 + 100 + 40 = 200.
    expect(flowSums(days, hours, 'flowMonth', () => 480)).toEqual([
      { deviceId: 1, factorCode: 'w00000', dataTime: BJ(2026, 3, 1), cou: 200 },
    ]);
  });
});
