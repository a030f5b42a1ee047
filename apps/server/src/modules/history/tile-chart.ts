import { type ChartPoint, HOUR_MS } from '@envmon/shared';
import { type HourExtremes, hourOf } from '../../ingest/tiles.js';

/** How many UTC hours [from, to) touches. */
export const hoursTouched = (from: number, to: number): number => (hourOf(to - 1) + HOUR_MS - hourOf(from)) / HOUR_MS;

/**
 * Past a week, a chart's buckets are whole hours read from the tiles even where maxPoints would allow finer ones:
 * real-time and minute values are not in the history index (migration 0029), so reading them walks every factor's
 * rows along the key — 40 days of one factor of ten took 194 ms that way against 20 ms from the tiles (bench:query) —
 * and an hour is a pixel or two of a chart that long.
 */
export const TILE_MIN_HOURS = 7 * 24;

/**
 * Whether a chart of [from, to) reads hourly tiles rather than the values (issue 22): when even whole-hour buckets
 * are more than the chart can show, i.e. the range touches more hours than downsampleMinMax's floor(maxPoints / 2)
 * buckets, or more than TILE_MIN_HOURS. Either way every bucket is at least an hour, so a tile is never split.
 */
export const chartsFromTiles = (from: number, to: number, maxPoints: number): boolean =>
  hoursTouched(from, to) > Math.min(Math.floor(maxPoints / 2), TILE_MIN_HOURS);

/**
 * downsampleMinMax over hours: buckets of whole UTC hours — ceil(hours / floor(maxPoints / 2)) each, from the range
 * start's hour — and per bucket its lowest and highest value in time order (one point when they are the same
 * value), from the hours' extremes (in hour order). A bucket whose values are all null keeps one null point at its
 * start (the range's start in the first bucket), so a gap still breaks the line; a bucket without values, none.
 */
export function tileChartPoints(
  hours: readonly HourExtremes[],
  from: number,
  to: number,
  maxPoints: number,
): ChartPoint[] {
  const first = hourOf(from);
  const width = Math.ceil(hoursTouched(from, to) / Math.max(1, Math.floor(maxPoints / 2))) * HOUR_MS;
  const out: ChartPoint[] = [];
  let i = 0;
  while (i < hours.length) {
    const bucket = Math.floor(((hours[i] as HourExtremes).hour - first) / width);
    let n = 0;
    let lo: { t: number; v: number } | null = null;
    let hi: { t: number; v: number } | null = null;
    for (; i < hours.length; i++) {
      const h = hours[i] as HourExtremes;
      if (Math.floor((h.hour - first) / width) !== bucket) break;
      n += h.n;
      if (h.lo !== null && h.loTime !== null && (lo === null || h.lo < lo.v || (h.lo === lo.v && h.loTime < lo.t))) {
        lo = { t: h.loTime, v: h.lo };
      }
      if (h.hi !== null && h.hiTime !== null && (hi === null || h.hi > hi.v || (h.hi === hi.v && h.hiTime < hi.t))) {
        hi = { t: h.hiTime, v: h.hi };
      }
    }
    if (n === 0) continue;
    if (lo === null || hi === null) out.push([Math.max(first + bucket * width, from), null]);
    else if (lo.t === hi.t) out.push([lo.t, lo.v]);
    else if (lo.t < hi.t) out.push([lo.t, lo.v], [hi.t, hi.v]);
    else out.push([hi.t, hi.v], [lo.t, lo.v]);
  }
  return out;
}
