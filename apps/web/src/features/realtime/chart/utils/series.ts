import type { LiveMessage, RealtimePoint } from '@envmon/shared';

/**
 * The chart's data: per factor, [data time, value] pairs oldest first. Filled from getRecent,
 * then extended by live real-time (2011) messages of the device, within a moving window and a
 * cap per line so a chart left open for days stays as light as the first minute.
 */

export type SeriesPoint = readonly [number, number | null];
export type ChartSeries = ReadonlyMap<string, readonly SeriesPoint[]>;

/** Most points one line keeps: a day of values every 15 s (SPEC: stations report every 30 s by default). */
export const MAX_POINTS_PER_SERIES = 6_000;

/** The data kind the real-time chart draws. */
export const REALTIME_KIND = 'rtd';

export function seriesFromRecent(points: readonly RealtimePoint[], factorCodes: readonly string[]): ChartSeries {
  const series = new Map<string, SeriesPoint[]>(factorCodes.map((code) => [code, []]));
  for (const point of points) series.get(point.factorCode)?.push([point.dataTime, point.value]);
  return series;
}

export interface AppendOptions {
  deviceId: number;
  /** Points older than the newest minus this are dropped. */
  windowMs: number;
  maxPoints?: number;
}

/** Inserts in time order (live values arrive in order; a backfilled one is placed, a repeated time replaced). */
function insertPoint(points: SeriesPoint[], point: SeriesPoint): void {
  let i = points.length;
  while (i > 0 && (points[i - 1]?.[0] ?? 0) > point[0]) i--;
  if (i > 0 && points[i - 1]?.[0] === point[0]) points[i - 1] = point;
  else points.splice(i, 0, point);
}

function trim(points: SeriesPoint[], windowMs: number, maxPoints: number): SeriesPoint[] {
  const newest = points.at(-1)?.[0];
  if (newest === undefined) return points;
  let first = Math.max(0, points.length - maxPoints);
  while (first < points.length && (points[first]?.[0] ?? 0) < newest - windowMs) first++;
  return first === 0 ? points : points.slice(first);
}

/**
 * Applies a batch of live messages: the device's real-time values of the charted factors. Lines
 * the batch does not touch keep their identity; an untouched chart returns the same map.
 */
export function appendMessages(
  series: ChartSeries,
  messages: readonly LiveMessage[],
  options: AppendOptions,
): ChartSeries {
  const maxPoints = options.maxPoints ?? MAX_POINTS_PER_SERIES;
  const changed = new Map<string, SeriesPoint[]>();
  for (const message of messages) {
    if (message.type !== 'data' || message.deviceId !== options.deviceId || message.kind !== REALTIME_KIND) continue;
    for (const { factorCode, value } of message.values) {
      const current = series.get(factorCode);
      if (!current) continue;
      let points = changed.get(factorCode);
      if (!points) {
        points = [...current];
        changed.set(factorCode, points);
      }
      insertPoint(points, [message.dataTime, value]);
    }
  }
  if (changed.size === 0) return series;
  const next = new Map(series);
  for (const [code, points] of changed) next.set(code, trim(points, options.windowMs, maxPoints));
  return next;
}
