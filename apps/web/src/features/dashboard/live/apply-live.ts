import {
  DASHBOARD_LIMITS,
  HOUR_MS,
  WORK_ORDER_STATUS,
  type Alarm,
  type DashboardAlarm,
  type DashboardInfo,
  type DashboardStation,
  type LiveMessage,
  type StationState,
} from '@envmon/shared';

/**
 * The dashboards' snapshot (getDashboardInfoByUserId) kept current by the push: alarm arrays change the
 * alarm list, the counts and the station's alarm figure (its map marker); status frames a station's state;
 * hourly data frames its latest values and the trend's newest hour. Pure: the hook batches the pushes and
 * hands them here, so one batch re-renders what changed once.
 */
export interface LiveDashboard {
  info: DashboardInfo;
  /** Station id → its index in info.stations. */
  index: ReadonlyMap<number, number>;
  /** What is known of an alarm since the snapshot: active, and whether its work order is open. */
  seen: ReadonlyMap<number, AlarmFacts>;
  /**
   * The newest alarm id the snapshot shows (its latest alarms are the newest by begin time). An alarm
   * pushed with a higher id and not seen before was raised after the snapshot; a lower one was counted in it.
   */
  maxId: number;
}

interface AlarmFacts {
  active: boolean;
  open: boolean;
}

/** The alarms the wall keeps to roll through (the snapshot brings the latest ten; pushes add to them). */
export const LIVE_ALARMS_MAX = 50;

const OPEN_ORDERS: ReadonlySet<number> = new Set([WORK_ORDER_STATUS.pending, WORK_ORDER_STATUS.inProgress]);
export const isOpenOrder = (orderStatus: number) => OPEN_ORDERS.has(orderStatus);

const factsOf = (alarm: DashboardAlarm): AlarmFacts => ({ active: alarm.active, open: isOpenOrder(alarm.orderStatus) });

export function fromSnapshot(info: DashboardInfo): LiveDashboard {
  const seen = new Map<number, AlarmFacts>();
  let maxId = 0;
  for (const alarm of [...info.latestAlarms, ...info.workOrders]) {
    seen.set(alarm.id, factsOf(alarm));
    maxId = Math.max(maxId, alarm.id);
  }
  return { info, index: new Map(info.stations.map((station, i) => [station.id, i])), seen, maxId };
}

/** A pushed alarm as the dashboards list it. */
export function toDashboardAlarm(alarm: Alarm): DashboardAlarm {
  return {
    id: alarm.id,
    deviceId: alarm.deviceId,
    deviceName: alarm.device.deviceName,
    factorCode: alarm.factorCode,
    alarmType: alarm.alarmType,
    alarmLevel: alarm.alarmLevel,
    alarmValue: alarm.alarmValue,
    standardValue: alarm.standardValue,
    beginDate: alarm.beginDate,
    active: alarm.active,
    orderStatus: alarm.workOrder.orderStatus,
  };
}

type Counts = DashboardInfo['alarms']['byType'];

/** A count list (ordered by key, no zero entries) with `key` moved by `delta`. */
function shift(counts: Counts, key: number, delta: number): Counts {
  if (delta === 0) return counts;
  const map = new Map(counts.map((c) => [c.key, c.count]));
  const next = Math.max(0, (map.get(key) ?? 0) + delta);
  if (next === 0) map.delete(key);
  else map.set(key, next);
  return [...map].sort(([a], [b]) => a - b).map(([k, count]) => ({ key: k, count }));
}

const newestFirst = (a: DashboardAlarm, b: DashboardAlarm) => b.beginDate - a.beginDate || b.id - a.id;
const oldestFirst = (a: DashboardAlarm, b: DashboardAlarm) => a.beginDate - b.beginDate || a.id - b.id;

/** Applies pushed alarm arrays (raised, updated, cleared); alarms of stations the dashboard does not show are ignored. */
export function applyAlarms(state: LiveDashboard, pushed: readonly Alarm[]): LiveDashboard {
  const ours = pushed.filter((alarm) => state.index.has(alarm.deviceId));
  if (ours.length === 0) return state;
  const { info } = state;
  const seen = new Map(state.seen);
  let stations: DashboardStation[] | null = null;
  let { active, byType, byLevel, pendingOrders } = info.alarms;
  let latest = info.latestAlarms;
  let orders = info.workOrders;

  for (const alarm of ours) {
    const before = seen.get(alarm.id);
    const raisedSince = alarm.id > state.maxId;
    // Unseen and older than the snapshot: it was active there (a push names only alarms that were), its
    // order as it is now (its change, if any, cannot be told).
    const was: AlarmFacts = before ?? {
      active: !raisedSince,
      open: raisedSince ? false : isOpenOrder(alarm.workOrder.orderStatus),
    };
    const now: AlarmFacts = { active: alarm.active, open: isOpenOrder(alarm.workOrder.orderStatus) };
    seen.set(alarm.id, now);
    const activeDelta = Number(now.active) - Number(was.active);
    if (activeDelta !== 0) {
      active = Math.max(0, active + activeDelta);
      byType = shift(byType, alarm.alarmType, activeDelta);
      byLevel = shift(byLevel, alarm.alarmLevel, activeDelta);
      const at = state.index.get(alarm.deviceId) ?? -1;
      stations ??= [...info.stations];
      const station = stations[at];
      if (station) stations[at] = { ...station, alarms: Math.max(0, station.alarms + activeDelta) };
    }
    pendingOrders = Math.max(0, pendingOrders + Number(now.open) - Number(was.open));

    const row = toDashboardAlarm(alarm);
    if (latest.some((a) => a.id === alarm.id)) latest = latest.map((a) => (a.id === alarm.id ? row : a));
    else if (raisedSince) latest = [row, ...latest].sort(newestFirst).slice(0, LIVE_ALARMS_MAX);

    const listed = orders.some((a) => a.id === alarm.id);
    if (listed && !now.open) orders = orders.filter((a) => a.id !== alarm.id);
    else if (listed) orders = orders.map((a) => (a.id === alarm.id ? row : a));
    // Oldest first and cut at the limit: a new order belongs at the end, when the list is not already full.
    else if (now.open && raisedSince && orders.length < DASHBOARD_LIMITS.latestAlarms)
      orders = [...orders, row].sort(oldestFirst);
  }

  return {
    ...state,
    seen,
    info: {
      ...info,
      stations: stations ?? info.stations,
      alarms: { active, byType, byLevel, pendingOrders },
      latestAlarms: latest,
      workOrders: orders,
    },
  };
}

const HOURLY = 'hour';

/**
 * Applies realtime frames: a status frame sets the station online or offline (and the state counts); an
 * hourly data frame replaces the station's latest values of the trend factors and re-averages that hour
 * of the trend over the stations whose latest value is of that hour (how the snapshot averages it).
 */
export function applyMessages(state: LiveDashboard, messages: readonly LiveMessage[]): LiveDashboard {
  const { info } = state;
  let stations: DashboardStation[] | null = null;
  let changed = false;
  const states = { ...info.states };
  const touched = new Map<string, Set<number>>();
  const trendCodes = new Set(info.trends.map((trend) => trend.factorCode));

  for (const message of messages) {
    const at = state.index.get(message.deviceId);
    if (at === undefined) continue;
    stations ??= [...info.stations];
    const station = stations[at];
    if (!station) continue;
    switch (message.type) {
      case 'status': {
        const next: StationState = message.online ? 'online' : 'offline';
        if (next === station.state) break;
        states[station.state] -= 1;
        states[next] += 1;
        stations[at] = { ...station, state: next };
        changed = true;
        break;
      }
      case 'data': {
        if (message.kind !== HOURLY) break;
        const values = message.values.filter((v) => trendCodes.has(v.factorCode));
        const lastPacketAt = Math.max(station.lastPacketAt ?? 0, message.dataTime);
        changed = true;
        if (values.length === 0) {
          stations[at] = { ...station, lastPacketAt };
          break;
        }
        const latest = new Map(station.latest.map((v) => [v.factorCode, v]));
        for (const v of values) {
          latest.set(v.factorCode, { factorCode: v.factorCode, value: v.value, dataTime: message.dataTime });
          const hours = touched.get(v.factorCode) ?? new Set<number>();
          hours.add(message.dataTime);
          touched.set(v.factorCode, hours);
        }
        stations[at] = { ...station, lastPacketAt, latest: [...latest.values()] };
        break;
      }
    }
  }
  if (!stations || !changed) return state;

  const trends =
    touched.size === 0
      ? info.trends
      : info.trends.map((trend) => {
          const hours = touched.get(trend.factorCode);
          if (!hours) return trend;
          const points = new Map(trend.points);
          for (const hour of hours) {
            const mean = hourMean(stations, trend.factorCode, hour);
            if (mean !== null) points.set(hour, mean);
          }
          const from = Math.max(...points.keys()) - (DASHBOARD_LIMITS.trendHours - 1) * HOUR_MS;
          return {
            ...trend,
            points: [...points].filter(([time]) => time >= from).sort(([a], [b]) => a - b),
          };
        });

  return { ...state, info: { ...info, stations, states, trends } };
}

/** The mean of the stations' latest values of a factor that are of this hour. */
function hourMean(stations: readonly DashboardStation[], factorCode: string, hour: number): number | null {
  let sum = 0;
  let count = 0;
  for (const station of stations) {
    const value = station.latest.find((v) => v.factorCode === factorCode);
    if (value && value.dataTime === hour && value.value !== null) {
      sum += value.value;
      count += 1;
    }
  }
  return count === 0 ? null : Math.round((sum / count) * 10_000) / 10_000;
}
