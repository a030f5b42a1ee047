import {
  DASHBOARD_LIMITS,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  aqiPollutantOfFactor,
  hourlyAqi,
  toAqiUnit,
  waterClassOf,
  type AqiPollutant,
  type Dashboard,
  type DashboardInfo,
  type DashboardInput,
  type DashboardListQuery,
  type DashboardStation,
  type DashboardUpdate,
  type DashboardUserQuery,
  type DashboardVariant,
  type Page,
  type StationState,
  type WaterClassLimits,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { Access, Actor, Reach } from '../session/permission.js';
import { scopeOf } from '../device/device-scope.js';
import { countList, defaultDashboard, toDashboard, toDashboardAlarm } from './dashboard.mapper.js';
import type { DashboardRepository, StationSet } from './dashboard.repository.js';

/** Who asks. */
export type DashboardCaller = Actor & Pick<Access, 'isAdmin'>;

/** A user's role and reach, as the scope rule reads them. */
export type AccessOf = (userId: number) => Promise<Pick<Access, 'isAdmin'> & Reach>;

/** HJ 212 system codes of the stations the class and AQI cards count. */
const SURFACE_WATER = '21';
const AIR = '22';
/** The dashboards' day and month are Beijing's, as the stations' are by default. */
const BEIJING_OFFSET_MS = 8 * HOUR_MS;
/** Trend factors when a configuration names none: the ones most stations report. */
const DEFAULT_TREND_FACTORS = 4;

/** How long a month's compliance of one set of stations is reused: daily values arrive once a day. */
export const COMPLIANCE_TTL_MS = 5 * MINUTE_MS;
/** Sets remembered at most (the oldest is forgotten first). */
const COMPLIANCE_SETS = 200;

/**
 * This month's compliance per set of stations, reused for five minutes: it counts every daily value of the month
 * (250,000 for 1,000 stations × 10 factors late in a month), which changes only when a day's values arrive, while
 * the home pages and walls ask for it at each refresh.
 */
class ComplianceCache {
  private readonly entries = new Map<string, { at: number; value: Promise<{ checked: number; broken: number }> }>();

  constructor(private readonly repo: DashboardRepository) {}

  get(set: StationSet, month: number, now: number): Promise<{ checked: number; broken: number }> {
    const key = JSON.stringify([set.scope.projectId ?? null, set.scope.boundTo ?? null, set.deviceIds, month]);
    const cached = this.entries.get(key);
    if (cached && now - cached.at < COMPLIANCE_TTL_MS && now >= cached.at) return cached.value;
    const value = this.repo.compliance(set, month);
    // A failed count is not remembered.
    value.catch(() => this.entries.delete(key));
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    if (this.entries.size > COMPLIANCE_SETS) this.entries.delete(this.entries.keys().next().value ?? key);
    return value;
  }
}

/** Midnight today and the first of this month in Beijing time, as epoch ms. */
export function beijingDayAndMonth(now: number): { day: number; month: number } {
  const local = new Date(now + BEIJING_OFFSET_MS);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - BEIJING_OFFSET_MS;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - BEIJING_OFFSET_MS;
  return { day, month };
}

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : Math.min(1, part / whole));
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function stateOf(online: number | null): StationState {
  if (online === null) return 'never';
  return online === 1 ? 'online' : 'offline';
}

function increment<K>(map: Map<K, number>, key: K, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/**
 * Settings › dashboard: one configuration per user, and everything the home page and the monitoring wall
 * show for it. A user reads and changes their own; admin prepares anyone's. The figures cover the stations
 * the configured user may read (their scope, narrowed to the configuration's project and stations).
 */
export class DashboardService {
  private readonly compliance: ComplianceCache;

  constructor(
    private readonly repo: DashboardRepository,
    private readonly accessOf: AccessOf,
    private readonly clock: Clock,
  ) {
    this.compliance = new ComplianceCache(repo);
  }

  async list(query: DashboardListQuery, caller: DashboardCaller): Promise<Page<Dashboard>> {
    const { rows, total } = await this.repo.list(query, caller.isAdmin ? undefined : caller.userId);
    return { list: rows.map(toDashboard), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  /** The user's configuration, or the defaults of their role. */
  async byUser(query: DashboardUserQuery, caller: DashboardCaller): Promise<Dashboard> {
    return (await this.resolve(query, caller)).config;
  }

  async add(input: DashboardInput, caller: DashboardCaller): Promise<Dashboard> {
    this.mayEdit(input.userId, caller);
    await this.check(input);
    if (await this.repo.findByUser(input.userId)) throw new DomainError('dashboardTaken');
    return this.get(await this.repo.insert(input, this.clock.now()));
  }

  async update({ id, ...input }: DashboardUpdate, caller: DashboardCaller): Promise<Dashboard> {
    const current = await this.get(id);
    this.mayEdit(current.userId, caller);
    this.mayEdit(input.userId, caller);
    await this.check(input);
    const other = await this.repo.findByUser(input.userId);
    if (other && other.id !== id) throw new DomainError('dashboardTaken');
    await this.repo.update(id, input, this.clock.now());
    return this.get(id);
  }

  async remove(id: number, caller: DashboardCaller): Promise<void> {
    const current = await this.get(id);
    this.mayEdit(current.userId, caller);
    await this.repo.delete(id);
  }

  /** Everything one configuration shows, in one call (the home page's and the wall's snapshot). */
  async info(query: DashboardUserQuery, caller: DashboardCaller): Promise<DashboardInfo> {
    const { config, variant, set } = await this.resolve(query, caller);
    const now = this.clock.now();
    const { day, month } = beijingDayAndMonth(now);
    const hoursToday = Math.floor((now - day) / HOUR_MS);
    const [
      stations,
      latest,
      units,
      particulates,
      alarmCounts,
      pendingOrders,
      latestAlarms,
      openOrders,
      uploads,
      compliance,
      limits,
    ] = await Promise.all([
      this.repo.stations(set),
      this.repo.latestValues(set),
      this.repo.aqiUnits(),
      this.repo.particulateMeans(set, now - DAY_MS),
      this.repo.activeAlarmCounts(set),
      this.repo.pendingOrders(set),
      this.repo.latestAlarms(set, DASHBOARD_LIMITS.latestAlarms),
      this.repo.openOrders(set, DASHBOARD_LIMITS.latestAlarms),
      this.repo.hourlyUploads(set, day, day + hoursToday * HOUR_MS),
      this.compliance.get(set, month, now),
      this.repo.waterLimits(),
    ]);

    const factorCodes = config.factorCodes.length > 0 ? config.factorCodes : commonFactors(latest);
    const trendRows = await this.repo.trends(set, factorCodes, now - DASHBOARD_LIMITS.trendHours * HOUR_MS);

    const limitsByFactor = new Map<string, WaterClassLimits>(
      limits.map((row) => [
        row.factorCode,
        {
          factorCode: row.factorCode,
          classLimits: [row.class1, row.class2, row.class3, row.class4, row.class5],
          rangeMin: row.rangeMin,
          rangeMax: row.rangeMax,
        },
      ]),
    );
    const latestByDevice = new Map<number, typeof latest>();
    for (const row of latest) {
      const rows = latestByDevice.get(row.deviceId);
      if (rows) rows.push(row);
      else latestByDevice.set(row.deviceId, [row]);
    }
    const meanOf = new Map(particulates.map((row) => [`${row.deviceId}|${row.factorCode}`, Number(row.mean)]));
    const alarmsByDevice = new Map<number, number>();
    const byType = new Map<number, number>();
    const byLevel = new Map<number, number>();
    let active = 0;
    for (const row of alarmCounts) {
      const count = Number(row.count);
      active += count;
      increment(alarmsByDevice, row.deviceId, count);
      increment(byType, row.alarmType, count);
      increment(byLevel, row.alarmLevel, count);
    }

    const states = { online: 0, offline: 0, never: 0 };
    const waterClasses = new Map<number, number>();
    const airQuality = new Map<number, number>();
    const trendSet = new Set(factorCodes);
    const shown: DashboardStation[] = stations.map((station) => {
      const values = latestByDevice.get(station.id) ?? [];
      const state = stateOf(station.online);
      states[state] += 1;
      const waterClass = station.deviceType === SURFACE_WATER ? worstClass(values, limitsByFactor) : null;
      if (waterClass !== null) increment(waterClasses, waterClass);
      const aqi = station.deviceType === AIR ? stationAqi(station.id, values, meanOf, units) : null;
      if (aqi !== null) increment(airQuality, aqi.level);
      return {
        id: station.id,
        code: station.deviceCode,
        name: station.deviceName,
        deviceType: station.deviceType,
        projectId: station.projectId,
        lng: station.lng,
        lat: station.lat,
        state,
        lastPacketAt: station.lastPacketAt === null ? null : Number(station.lastPacketAt),
        alarms: alarmsByDevice.get(station.id) ?? 0,
        waterClass,
        aqi: aqi?.aqi ?? null,
        latest: values
          .filter((v) => trendSet.has(v.factorCode))
          .map((v) => ({ factorCode: v.factorCode, value: v.value, dataTime: Number(v.dataTime) })),
      };
    });

    const expected = stations.length * hoursToday;
    const received = Math.min(uploads, expected);
    return {
      config,
      variant,
      generatedAt: now,
      stations: shown,
      states,
      transmission: { expected, received, rate: ratio(received, expected) },
      alarms: { active, byType: countList(byType), byLevel: countList(byLevel), pendingOrders },
      compliance: {
        checked: compliance.checked,
        met: compliance.checked - compliance.broken,
        rate: ratio(compliance.checked - compliance.broken, compliance.checked),
      },
      waterClasses: countList(waterClasses),
      airQuality: countList(airQuality),
      latestAlarms: latestAlarms.map(toDashboardAlarm),
      workOrders: openOrders.map(toDashboardAlarm),
      trends: factorCodes.map((factorCode) => ({
        factorCode,
        points: trendRows
          .filter((row) => row.factorCode === factorCode)
          .map((row): [number, number] => [Number(row.dataTime), round(Number(row.mean), 4)]),
      })),
    };
  }

  private async get(id: number): Promise<Dashboard> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError('notFound');
    return toDashboard(row);
  }

  /** The configured user (the caller unless admin names another), their configuration, variant and stations. */
  private async resolve(
    query: DashboardUserQuery,
    caller: DashboardCaller,
  ): Promise<{ config: Dashboard; variant: DashboardVariant; set: StationSet }> {
    const userId = query.userId ?? caller.userId;
    this.mayEdit(userId, caller);
    const [row, userName, access] = await Promise.all([
      this.repo.findByUser(userId),
      userId === caller.userId ? caller.userName : this.repo.userName(userId),
      this.accessOf(userId),
    ]);
    if (userName === null) throw new DomainError('notFound');
    const variant: DashboardVariant = access.isAdmin ? 'admin' : 'editor';
    const config = row ? toDashboard(row) : defaultDashboard({ userId, userName }, variant);
    const projectId = config.projectId ?? query.projectId;
    const scope = scopeOf({ projectId }, { userId, ...access });
    return { config, variant, set: { scope, deviceIds: config.deviceIds } };
  }

  /** Only admin acts on another user's configuration. */
  private mayEdit(userId: number, caller: DashboardCaller): void {
    if (userId !== caller.userId && !caller.isAdmin) throw new DomainError('dashboardNotYours');
  }

  private async check(input: DashboardInput): Promise<void> {
    if ((await this.repo.userName(input.userId)) === null) throw new DomainError('notFound');
    if (input.projectId !== null && !(await this.repo.projectExists(input.projectId)))
      throw new DomainError('notFound');
  }
}

type LatestRow = Awaited<ReturnType<DashboardRepository['latestValues']>>[number];

/** The factors most stations report, most first (ties by code). */
function commonFactors(latest: readonly LatestRow[]): string[] {
  const counts = new Map<string, number>();
  for (const row of latest) increment(counts, row.factorCode);
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, DEFAULT_TREND_FACTORS)
    .map(([code]) => code);
}

/** The worst surface-water class among the station's latest values of factors with class limits. */
function worstClass(values: readonly LatestRow[], limits: ReadonlyMap<string, WaterClassLimits>): number | null {
  let worst: number | null = null;
  for (const v of values) {
    const waterClass = waterClassOf(limits.get(v.factorCode), v.value);
    if (waterClass !== null && (worst === null || waterClass > worst)) worst = waterClass;
  }
  return worst;
}

/** The station's hourly AQI: latest gases, 24-hour means of the particulates (their latest when no mean). */
function stationAqi(
  deviceId: number,
  values: readonly LatestRow[],
  meanOf: ReadonlyMap<string, number>,
  units: ReadonlyMap<string, string>,
): { aqi: number; level: number } | null {
  const input: Partial<Record<AqiPollutant, number>> = {};
  for (const v of values) {
    const pollutant = aqiPollutantOfFactor(v.factorCode);
    if (!pollutant || v.value === null) continue;
    const raw = meanOf.get(`${deviceId}|${v.factorCode}`) ?? v.value;
    const converted = toAqiUnit(pollutant, raw, units.get(v.factorCode) ?? '');
    if (converted !== undefined) input[pollutant] = converted;
  }
  const result = hourlyAqi(input);
  return result ? { aqi: result.aqi, level: result.category.level } : null;
}
