import { DAY_MS, HOUR_MS, MINUTE_MS, type ReissueKind } from '@envmon/shared';
import type { MeasurementKind } from '../../db/schema.js';

/** The stored data each reissue command brings back (HJ212.md §9). */
export const KIND_OF: Record<ReissueKind, MeasurementKind> = { '2051': 'min', '2061': 'hour', '2031': 'day' };

/** What the periods of a device's data depend on. */
export interface PeriodDevice {
  /** Report interval in seconds: minute data come every max(60 s, interval), as the transmission report counts. */
  intervalTime: number;
  utcOffsetMinutes: number;
}

/** The length of one period of the kind, in ms. */
export function periodMs(cn: ReissueKind, device: PeriodDevice): number {
  if (cn === '2061') return HOUR_MS;
  if (cn === '2031') return DAY_MS;
  return Math.max(MINUTE_MS, device.intervalTime * 1000);
}

/**
 * The starts of the periods in [beginTime, endTime] (both ends included, as HJ 212's BeginTime and EndTime),
 * on the station's own clock: a day starts at its local midnight, an hour or minute period on a multiple of
 * its length from there.
 */
export function periodStarts(cn: ReissueKind, device: PeriodDevice, beginTime: number, endTime: number): number[] {
  const step = periodMs(cn, device);
  const offset = device.utcOffsetMinutes * MINUTE_MS;
  const first = Math.ceil((beginTime + offset) / step) * step - offset;
  const starts: number[] = [];
  for (let t = first; t <= endTime; t += step) starts.push(t);
  return starts;
}

/** A stretch of consecutive missing periods, first and last start included. */
export interface Stretch {
  from: number;
  to: number;
}

/** The expected periods not stored, joined into stretches of consecutive periods. */
export function missingStretches(expected: readonly number[], stored: ReadonlySet<number>): Stretch[] {
  const stretches: Stretch[] = [];
  let current: Stretch | null = null;
  for (const t of expected) {
    if (stored.has(t)) {
      current = null;
    } else if (current) {
      current.to = t;
    } else {
      current = { from: t, to: t };
      stretches.push(current);
    }
  }
  return stretches;
}

/** What repair asks for: each stretch, or — with more than `max` — one request from the first to the last. */
export function repairRequests(stretches: readonly Stretch[], max: number): Stretch[] {
  if (stretches.length <= max) return [...stretches];
  const first = stretches[0];
  const last = stretches[stretches.length - 1];
  return first && last ? [{ from: first.from, to: last.to }] : [];
}
