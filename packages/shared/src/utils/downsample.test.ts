import { describe, expect, it } from 'vitest';
import { downsampleMinMax } from './downsample.js';

const series = (values: readonly number[]) => ({
  times: values.map((_, i) => 1000 + i * 60_000),
  values,
});

describe('downsampleMinMax', () => {
  it('keeps a series that already fits, nulls for NaN', () => {
    const { times, values } = series([1, Number.NaN, 3]);
    expect(downsampleMinMax(times, values, 10)).toEqual([
      [1000, 1],
      [61_000, null],
      [121_000, 3],
    ]);
  });

  it('keeps each bucket’s minimum and maximum in time order', () => {
    // 8 values, maxPoints 4 → 2 buckets of 4: [5, 9, 1, 4] → 9 (i1) then 1 (i2); [2, 2, 7, 0] → 7 (i6) then 0 (i7).
    const { times, values } = series([5, 9, 1, 4, 2, 2, 7, 0]);
    expect(downsampleMinMax(times, values, 4)).toEqual([
      [times[1], 9],
      [times[2], 1],
      [times[6], 7],
      [times[7], 0],
    ]);
  });

  it('gives one point for a flat bucket and a null point for an empty one', () => {
    // 6 values, maxPoints 4 → 2 buckets of 3: [3, 3, 3] → one point at i0; [NaN, NaN, NaN] → null at i3.
    const { times, values } = series([3, 3, 3, Number.NaN, Number.NaN, Number.NaN]);
    expect(downsampleMinMax(times, values, 4)).toEqual([
      [times[0], 3],
      [times[3], null],
    ]);
  });

  it('reduces a minute year to at most maxPoints, keeping the extremes, quickly', () => {
    const n = 525_600;
    const times = new Float64Array(n);
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      times[i] = i * 60_000;
      values[i] = 50 + 10 * Math.sin(i / 500);
    }
    values[123_457] = 999; // a spike
    values[400_001] = -5; // a dip
    values[7] = Number.NaN;
    const started = performance.now();
    const points = downsampleMinMax(times, values, 2000);
    const elapsed = performance.now() - started;
    expect(points.length).toBeLessThanOrEqual(2000);
    expect(points.length).toBeGreaterThan(1900);
    expect(points).toContainEqual([123_457 * 60_000, 999]);
    expect(points).toContainEqual([400_001 * 60_000, -5]);
    // Time order is kept.
    expect(points.every((p, i) => i === 0 || p[0] > (points[i - 1] as [number, number])[0])).toBe(true);
    expect(elapsed).toBeLessThan(100);
  });

  it('honours an odd maxPoints', () => {
    const { times, values } = series([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // maxPoints 5 → 2 buckets (floor(5 / 2)), at most 4 points.
    const points = downsampleMinMax(times, values, 5);
    expect(points.length).toBeLessThanOrEqual(5);
    expect(points.map((p) => p[1])).toEqual([1, 5, 6, 11]);
  });
});
