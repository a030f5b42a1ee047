/**
 * Min/max per bucket downsampling for line charts: the series (in time order) is cut into
 * floor(maxPoints / 2) buckets of equal count, and each bucket keeps its lowest and its highest value,
 * in their time order (one point when they are the same point). Chosen over largest-triangle-three-
 * buckets because it never drops an extreme: every peak and every dip — an exceedance, a sensor
 * dropping to zero — stays on the chart, and it is a single pass with no floating-point area sums.
 *
 * Values are columnar (times and values in two arrays, NaN for "no value"), so a year of minute values
 * (525,600) is read and reduced without an object per point. A bucket without any value keeps one
 * point with a null value at its first time, so a gap still breaks the line.
 */
export type ChartPoint = [number, number | null];

export function downsampleMinMax(times: ArrayLike<number>, values: ArrayLike<number>, maxPoints: number): ChartPoint[] {
  const n = Math.min(times.length, values.length);
  const value = (i: number): number | null => {
    const v = values[i] as number;
    return Number.isNaN(v) ? null : v;
  };
  if (n <= maxPoints) {
    const all: ChartPoint[] = new Array<ChartPoint>(n);
    for (let i = 0; i < n; i++) all[i] = [times[i] as number, value(i)];
    return all;
  }
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const out: ChartPoint[] = [];
  for (let b = 0; b < buckets; b++) {
    const from = Math.floor((b * n) / buckets);
    const to = Math.floor(((b + 1) * n) / buckets);
    let lo = -1;
    let hi = -1;
    let loValue = Infinity;
    let hiValue = -Infinity;
    for (let i = from; i < to; i++) {
      const v = values[i] as number;
      if (Number.isNaN(v)) continue;
      if (v < loValue) {
        loValue = v;
        lo = i;
      }
      if (v > hiValue) {
        hiValue = v;
        hi = i;
      }
    }
    if (lo === -1) {
      out.push([times[from] as number, null]);
    } else if (lo === hi) {
      out.push([times[lo] as number, loValue]);
    } else if (lo < hi) {
      out.push([times[lo] as number, loValue], [times[hi] as number, hiValue]);
    } else {
      out.push([times[hi] as number, hiValue], [times[lo] as number, loValue]);
    }
  }
  return out;
}
