import { type ChartPoint, downsampleMinMax, HOUR_MS, MINUTE_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { hourExtremes, hourRuns } from '../../ingest/tiles.js';
import { chartsFromTiles, hoursTouched, TILE_MIN_HOURS, tileChartPoints } from './tile-chart.js';

const H0 = Date.UTC(2026, 0, 1);

describe('tile chart bucketing', () => {
  it('counts the hours a range touches, and charts from tiles past floor(maxPoints / 2) of them or a week', () => {
    expect(hoursTouched(H0, H0 + HOUR_MS)).toBe(1);
    expect(hoursTouched(H0 + 1, H0 + HOUR_MS + 1)).toBe(2);
    expect(hoursTouched(H0, H0 + 1)).toBe(1);
    // 100 points: 50 buckets; 50 hours fit in them one each, 51 do not.
    expect(chartsFromTiles(H0, H0 + 50 * HOUR_MS, 100)).toBe(false);
    expect(chartsFromTiles(H0, H0 + 51 * HOUR_MS, 100)).toBe(true);
    expect(chartsFromTiles(H0, H0 + 50 * HOUR_MS, 99)).toBe(true);
    // 2,000 points: hourly buckets from a week on, though 1,000 would fit.
    expect(chartsFromTiles(H0, H0 + TILE_MIN_HOURS * HOUR_MS, 2000)).toBe(false);
    expect(chartsFromTiles(H0, H0 + (TILE_MIN_HOURS + 1) * HOUR_MS, 2000)).toBe(true);
  });

  it('reduces each hour to its count and first lowest and highest values', () => {
    const times = [H0, H0 + MINUTE_MS, H0 + 2 * MINUTE_MS, H0 + 3 * MINUTE_MS, H0 + HOUR_MS, H0 + 3 * HOUR_MS];
    const values = [5, 1, 5, 1, Number.NaN, 7];
    expect(hourExtremes(times, values)).toEqual([
      { hour: H0, n: 4, loTime: H0 + MINUTE_MS, lo: 1, hiTime: H0, hi: 5 },
      { hour: H0 + HOUR_MS, n: 1, loTime: null, lo: null, hiTime: null, hi: null },
      { hour: H0 + 3 * HOUR_MS, n: 1, loTime: H0 + 3 * HOUR_MS, lo: 7, hiTime: H0 + 3 * HOUR_MS, hi: 7 },
    ]);
    expect(hourRuns([H0 + 3 * HOUR_MS, H0, H0 + HOUR_MS, H0])).toEqual([
      { from: H0, to: H0 + 2 * HOUR_MS },
      { from: H0 + 3 * HOUR_MS, to: H0 + 4 * HOUR_MS },
    ]);
  });

  it('buckets whole hours from the range start’s hour, each bucket’s extremes in time order', () => {
    // 9 hours touched, 10 points → 5 buckets of ceil(9 / 5) = 2 hours: [0,2) [2,4) [4,6) [6,8) [8,10).
    const from = H0 + 20 * MINUTE_MS;
    const to = H0 + 8 * HOUR_MS + 5 * MINUTE_MS;
    const hours = hourExtremes(
      [H0 + 30 * MINUTE_MS, H0 + HOUR_MS, H0 + 2 * HOUR_MS, H0 + 6 * HOUR_MS, H0 + 7 * HOUR_MS, H0 + 8 * HOUR_MS],
      [3, 9, Number.NaN, 4, 2, 6],
    );
    expect(tileChartPoints(hours, from, to, 10)).toEqual<ChartPoint[]>([
      [H0 + 30 * MINUTE_MS, 3],
      [H0 + HOUR_MS, 9],
      // Only a null: one null point at the bucket's start, so the line breaks.
      [H0 + 2 * HOUR_MS, null],
      // [4,6) holds nothing: no point. The highest first when it came first.
      [H0 + 6 * HOUR_MS, 4],
      [H0 + 7 * HOUR_MS, 2],
      [H0 + 8 * HOUR_MS, 6],
    ]);
  });

  it('draws what downsampleMinMax draws when its buckets are the same whole hours', () => {
    // 100 hours of 60 minute values each, 200 points: 100 buckets of 60 values = 100 buckets of one hour.
    const times: number[] = [];
    const values: number[] = [];
    let seed = 3;
    for (let i = 0; i < 100 * 60; i++) {
      seed = (seed * 48_271) % 2_147_483_647;
      times.push(H0 + i * MINUTE_MS);
      values.push(seed % 97 === 0 ? Number.NaN : seed % 13);
    }
    const from = H0;
    const to = H0 + 100 * HOUR_MS;
    expect(tileChartPoints(hourExtremes(times, values), from, to, 200)).toEqual(downsampleMinMax(times, values, 200));
  });
});
