import type { LiveMessage, RealtimeTrendPoint, RealtimeValue } from '@envmon/shared';

/**
 * What the live push changes on a station card of the water and overflow screens: its online
 * state, its latest values and the trend behind its sparklines. Stations are immutable: a batch
 * of messages gives a new list in which only the stations it touched are new objects.
 */

export interface LiveStation<V extends RealtimeValue = RealtimeValue> {
  deviceId: number;
  online: boolean;
  changedAt: number | null;
  values: V[];
  /** Averages per bucket, by factor. */
  trend: RealtimeTrendPoint[];
}

export interface TrendWindow {
  windowMs: number;
  bucketMs: number;
}

export interface LiveRules<S extends LiveStation<V>, V extends RealtimeValue> {
  window: TrendWindow;
  /** Whether the card shows this factor's latest value (others in a message are ignored). */
  follows: (station: S, factorCode: string) => boolean;
  /** Whether the card's trend holds this factor. */
  trends: (station: S, factorCode: string) => boolean;
  /** The card's value for a pushed one (e.g. with its class). */
  toValue: (value: RealtimeValue) => V;
  /** Recomputes what depends on the values (e.g. overflow states) after they changed. */
  derive: (station: S) => S;
}

/**
 * Adds a real-time value to its factor's trend: into its bucket's average (the count says how
 * many values the average holds), or as a new bucket; buckets that left the window are dropped.
 */
export function addToTrend(
  trend: readonly RealtimeTrendPoint[],
  factorCode: string,
  dataTime: number,
  value: number,
  window: TrendWindow,
): RealtimeTrendPoint[] {
  const time = Math.floor(dataTime / window.bucketMs) * window.bucketMs;
  const from = time - window.windowMs;
  let found = false;
  const next = trend
    .filter((point) => point.time >= from)
    .map((point) => {
      if (point.factorCode !== factorCode || point.time !== time) return point;
      found = true;
      const count = point.count + 1;
      return { ...point, value: point.value + (value - point.value) / count, count };
    });
  if (!found) next.push({ factorCode, time, value, count: 1 });
  return next;
}

/** One factor's trend as chart points, oldest first. */
export function trendLine(trend: readonly RealtimeTrendPoint[], factorCode: string): [number, number][] {
  return trend
    .filter((point) => point.factorCode === factorCode)
    .sort((a, b) => a.time - b.time)
    .map((point) => [point.time, point.value]);
}

function applyData<S extends LiveStation<V>, V extends RealtimeValue>(
  station: S,
  message: Extract<LiveMessage, { type: 'data' }>,
  rules: LiveRules<S, V>,
): S {
  let values = station.values;
  let trend = station.trend;
  for (const pushed of message.values) {
    if (!rules.follows(station, pushed.factorCode)) continue;
    const index = values.findIndex((v) => v.factorCode === pushed.factorCode);
    const old = index < 0 ? undefined : values[index];
    // A late packet must not replace a newer value (its trend bucket still takes it).
    if (old === undefined || old.dataTime <= message.dataTime) {
      const value = rules.toValue({
        ...pushed,
        unit: old?.unit ?? null,
        kind: message.kind,
        dataTime: message.dataTime,
      });
      values = index < 0 ? [...values, value] : values.map((v, i) => (i === index ? value : v));
    }
    if (message.kind === 'rtd' && pushed.value !== null && rules.trends(station, pushed.factorCode)) {
      trend = addToTrend(trend, pushed.factorCode, message.dataTime, pushed.value, rules.window);
    }
  }
  return values === station.values && trend === station.trend ? station : rules.derive({ ...station, values, trend });
}

/** The stations after a batch of messages; the same array when none of them was touched. */
export function applyStationMessages<S extends LiveStation<V>, V extends RealtimeValue>(
  stations: readonly S[],
  messages: readonly LiveMessage[],
  rules: LiveRules<S, V>,
): readonly S[] {
  const index = new Map(stations.map((station, i) => [station.deviceId, i]));
  let next: S[] | null = null;
  for (const message of messages) {
    const i = index.get(message.deviceId);
    if (i === undefined) continue;
    const list: S[] = next ?? [...stations];
    const station = list[i] as S;
    const changed =
      message.type === 'status'
        ? { ...station, online: message.online, changedAt: message.at }
        : applyData(station, message, rules);
    if (changed === station) continue;
    list[i] = changed;
    next = list;
  }
  return next ?? stations;
}
