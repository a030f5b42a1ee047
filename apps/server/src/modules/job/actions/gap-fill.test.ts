import { DAY_MS, HOUR_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { periodStarts } from '../../reissue/reissue-periods.js';
import { clockSyncSummary } from './clock-sync.js';
import { describeStretches, gapFillSummary, type GapFillTally, gapWindow, stretchesOf } from './gap-fill.js';

/** 2026-03-01 00:00 in Beijing (UTC+8). */
const DAY = Date.UTC(2026, 2, 1) - 8 * HOUR_MS;
const BEIJING = { intervalTime: 600, utcOffsetMinutes: 480 };

describe('gapWindow', () => {
  it('holds the whole hours before the run, not the one under way', () => {
    const at = DAY + 6 * HOUR_MS + 5 * 60_000; // 06:05
    const { beginTime, endTime } = gapWindow('2061', at, 6);
    expect(periodStarts('2061', BEIJING, beginTime, endTime)).toEqual([1, 2, 3, 4, 5].map((h) => DAY + h * HOUR_MS));
    // On the hour: 00:00–05:00, six hours.
    const onTheHour = gapWindow('2061', DAY + 6 * HOUR_MS, 6);
    expect(periodStarts('2061', BEIJING, onTheHour.beginTime, onTheHour.endTime)).toHaveLength(6);
  });

  it('holds the whole days of the station’s own calendar', () => {
    // 3 March 06:00 Beijing with 48 h: 1 March 06:00 – 3 March 06:00 holds only 2 March whole.
    const { beginTime, endTime } = gapWindow('2031', DAY + 2 * DAY_MS + 6 * HOUR_MS, 48);
    expect(periodStarts('2031', BEIJING, beginTime, endTime)).toEqual([DAY + DAY_MS]);
    // At midnight, 24 h is exactly the day just ended.
    const midnight = gapWindow('2031', DAY + DAY_MS, 24);
    expect(periodStarts('2031', BEIJING, midnight.beginTime, midnight.endTime)).toEqual([DAY]);
    // Shorter than a day: none.
    const short = gapWindow('2031', DAY + DAY_MS, 12);
    expect(short.endTime).toBeLessThan(short.beginTime);
  });
});

describe('stretches of missing periods', () => {
  it('joins consecutive periods', () => {
    const h = (n: number) => DAY + n * HOUR_MS;
    expect(stretchesOf([h(2), h(3), h(5), h(7), h(8), h(9)], HOUR_MS)).toEqual([
      { from: h(2), to: h(3) },
      { from: h(5), to: h(5) },
      { from: h(7), to: h(9) },
    ]);
    expect(stretchesOf([], HOUR_MS)).toEqual([]);
  });

  it('reads them in the job’s time zone, the first five and a count of the rest', () => {
    const h = (n: number) => DAY + n * HOUR_MS;
    expect(describeStretches([h(2), h(3), h(5)], HOUR_MS, 'Asia/Shanghai')).toBe(
      '2026-03-01 02:00–03:00, 2026-03-01 05:00',
    );
    expect(describeStretches([h(22), h(23), h(24)], HOUR_MS, 'Asia/Shanghai')).toBe(
      '2026-03-01 22:00–2026-03-02 00:00',
    );
    expect(describeStretches([h(0)], HOUR_MS, 'UTC')).toBe('2026-02-28 16:00');
    const every2nd = Array.from({ length: 8 }, (_, i) => h(2 * i));
    expect(describeStretches(every2nd, HOUR_MS, 'Asia/Shanghai')).toBe(
      '2026-03-01 00:00, 2026-03-01 02:00, 2026-03-01 04:00, 2026-03-01 06:00, 2026-03-01 08:00 and 3 more stretches',
    );
  });
});

describe('summaries', () => {
  const tally = (over: Partial<GapFillTally>): GapFillTally => ({
    devices: 0,
    withGaps: 0,
    asked: 0,
    missingAsked: { hour: 0, day: 0 },
    missingNotAsked: { hour: 0, day: 0 },
    notAsked: 0,
    stored: 0,
    failed: 0,
    stillRunning: 0,
    ...over,
  });

  it('says what gap filling asked for and what was stored', () => {
    expect(gapFillSummary(tally({ devices: 3 }), ['hour', 'day'])).toBe('no missing hours or days in 3 devices');
    expect(
      gapFillSummary(tally({ devices: 5, withGaps: 2, asked: 2, missingAsked: { hour: 12, day: 0 }, stored: 12 }), [
        'hour',
      ]),
    ).toBe('12 missing hours in 2 devices asked for; 12 stored');
    expect(
      gapFillSummary(
        tally({
          devices: 4,
          withGaps: 3,
          asked: 1,
          missingAsked: { hour: 1, day: 1 },
          notAsked: 2,
          missingNotAsked: { hour: 30, day: 0 },
          stored: 1,
          failed: 1,
        }),
        ['hour', 'day'],
      ),
    ).toBe(
      '1 missing hour and 1 missing day in 1 device asked for; 1 stored; 30 missing hours in 2 devices not asked (not connected); 1 request failed',
    );
  });

  it('says when the gaps found were filled before they were asked for', () => {
    expect(gapFillSummary(tally({ devices: 2, withGaps: 1 }), ['hour'])).toBe('1 device with gaps, filled meanwhile');
  });

  it('counts the stations clock sync set', () => {
    expect(clockSyncSummary({ set: 3, notConnected: 1, failed: 0 })).toBe('3 stations set, 1 not connected, 0 failed');
    expect(clockSyncSummary({ set: 1, notConnected: 0, failed: 2 })).toBe('1 station set, 0 not connected, 2 failed');
  });
});
