import { HOUR_MS } from '@envmon/shared';
import type { MeasurementKind } from '../db/schema.js';

/**
 * Hourly tiles (issue 22, migration 0028): the kinds they are kept for — the ones a chart of a long range would
 * otherwise read by the hundred thousand — and what one hour of one series reduces to.
 */
export const TILE_KINDS: readonly MeasurementKind[] = ['rtd', 'min'];

export const isTileKind = (kind: MeasurementKind): boolean => TILE_KINDS.includes(kind);

/** The first instant of the UTC hour holding `t`. */
export const hourOf = (t: number): number => Math.floor(t / HOUR_MS) * HOUR_MS;

/** A device × kind × hour, as the dirty list keys it. */
export interface TileHour {
  deviceId: number;
  kind: MeasurementKind;
  hour: number;
}

/**
 * One hour of one series: how many values it holds (null ones too) and its lowest and highest non-null value
 * with their times — the first in time where several are equal, as downsampleMinMax picks them. lo/hi are null
 * when every value of the hour is null.
 */
export interface HourExtremes {
  hour: number;
  n: number;
  loTime: number | null;
  lo: number | null;
  hiTime: number | null;
  hi: number | null;
}

/** Per UTC hour, in hour order, the extremes of a series given as columns (NaN for a null value). */
export function hourExtremes(times: ArrayLike<number>, values: ArrayLike<number>): HourExtremes[] {
  const byHour = new Map<number, HourExtremes>();
  const n = Math.min(times.length, values.length);
  for (let i = 0; i < n; i++) {
    const t = times[i] as number;
    const v = values[i] as number;
    const hour = hourOf(t);
    let e = byHour.get(hour);
    if (!e) {
      e = { hour, n: 0, loTime: null, lo: null, hiTime: null, hi: null };
      byHour.set(hour, e);
    }
    e.n += 1;
    if (Number.isNaN(v)) continue;
    if (e.lo === null || v < e.lo || (v === e.lo && t < (e.loTime as number))) {
      e.lo = v;
      e.loTime = t;
    }
    if (e.hi === null || v > e.hi || (v === e.hi && t < (e.hiTime as number))) {
      e.hi = v;
      e.hiTime = t;
    }
  }
  return [...byHour.values()].sort((a, b) => a.hour - b.hour);
}

/** Groups the given hours into runs of consecutive hours, as [start, end) ranges in order. */
export function hourRuns(hours: Iterable<number>): { from: number; to: number }[] {
  const runs: { from: number; to: number }[] = [];
  for (const hour of [...new Set(hours)].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last.to === hour) last.to = hour + HOUR_MS;
    else runs.push({ from: hour, to: hour + HOUR_MS });
  }
  return runs;
}
