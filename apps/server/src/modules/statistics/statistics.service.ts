import {
  CALM_WIND_SPEED,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  ROSE_SECTOR_DEGREES,
  ROSE_SECTORS,
  FACTOR_CATEGORY_ISOTOPE,
  SUMMARY_SOURCE_KIND,
  WIND_DIRECTION_FACTOR,
  WIND_SPEED_FACTOR,
  daysBetween,
  roseSector,
  thresholdBroken,
  type IsotopeQuery,
  type IsotopeReport,
  type IsotopeRow,
  type OdorRose,
  type OdorRoseQuery,
  type SummaryQuery,
  type SummaryReport,
  type SummaryRow,
  type SummaryUnit,
  type TransmissionDay,
  type TransmissionDevice,
  type TransmissionQuery,
  type TransmissionReport,
  type QueryScope,
} from '@envmon/shared';
import { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Clock, systemClock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import {
  StatisticsRepository,
  type CatalogueFactor,
  type FactorAggregate,
  type ScopedDevice,
} from './statistics.repository.js';

const HOURS_PER_DAY = 24;
/** Minute data (2051) comes at most once a minute, whatever a shorter real-time interval says. */
const MIN_MINUTE_PERIOD_S = 60;

/** Who asks: the reports cover the devices in their scope. */
export type StatisticsCaller = ScopeReader;

/** Midnight of 'YYYY-MM-DD' in a calendar `offsetMinutes` ahead of UTC, as epoch ms. */
export function localMidnight(date: string, offsetMinutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) - offsetMinutes * MINUTE_MS;
}

const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A summary period in the calendar of UTC (shifted per station by its offset): [from, to), its label and periods. */
export function summaryPeriod(
  unit: SummaryUnit,
  date: string,
): { from: number; to: number; label: string; expected: number } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  switch (unit) {
    case 'day':
      return { from: Date.UTC(y, m - 1, d), to: Date.UTC(y, m - 1, d + 1), label: date, expected: HOURS_PER_DAY };
    case 'month': {
      const from = Date.UTC(y, m - 1, 1);
      const to = Date.UTC(y, m, 1);
      return { from, to, label: date.slice(0, 7), expected: Math.round((to - from) / DAY_MS) };
    }
    case 'year': {
      const from = Date.UTC(y, 0, 1);
      const to = Date.UTC(y + 1, 0, 1);
      return { from, to, label: date.slice(0, 4), expected: Math.round((to - from) / DAY_MS) };
    }
  }
}

/**
 * How many of the `count` periods of `periodMs` from `start` a station can have sent by `now`: those that
 * have ended — all of a past day, month or year, part of the current one, none of a future one — and never
 * fewer than it did send (a station clock ahead of the server's).
 */
export function periodsDue(start: number, periodMs: number, count: number, now: number, received: number): number {
  const ended = Math.floor((now - start) / periodMs);
  return Math.min(count, Math.max(ended, received, 0));
}

/** Devices grouped by their clock's offset: one range query per calendar (nearly always one). */
function byOffset(devices: readonly ScopedDevice[]): Map<number, ScopedDevice[]> {
  const groups = new Map<number, ScopedDevice[]>();
  for (const device of devices) {
    const group = groups.get(device.utcOffsetMinutes);
    if (group) group.push(device);
    else groups.set(device.utcOffsetMinutes, [device]);
  }
  return groups;
}

const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : Math.min(1, part / whole));

/** Devices per read of a window's transmission: well inside both databases' parameter limits. */
const WINDOW_CHUNK = 500;

/** One device's hour data over a window of whole hours (hourTransmission). */
export interface WindowTransmission {
  deviceId: number;
  expected: number;
  received: number;
  valid: number;
  transmissionRate: number;
  validRate: number | null;
}

/**
 * The statistics reports: data transmission, day/month/year summaries, isotope statistics and the
 * odour rose. Callable directly (the benchmark times `transmission` and `summary`).
 */
export class StatisticsService {
  private readonly repo: StatisticsRepository;

  constructor(
    source: StatisticsRepository | Kysely<Database>,
    private readonly clock: Clock = systemClock,
  ) {
    this.repo = source instanceof Kysely ? new StatisticsRepository(source) : source;
  }

  /**
   * Per device and station day: expected periods, distinct data times received, valid ones and the
   * rates; days with nothing received are listed too (rate 0). Flagged when a rate is below the threshold.
   * Only periods that have ended are expected: today counts its past hours, days to come are not listed.
   */
  async transmission(
    query: TransmissionQuery,
    caller: StatisticsCaller,
    only?: readonly number[],
  ): Promise<TransmissionReport> {
    const devices = await this.scoped(query, caller, query.deviceId, only);
    const dayCount = daysBetween(query.beginDate, query.endDate) + 1;
    const limit = query.threshold / 100;
    const counts = new Map<string, { received: number; valid: number }>();
    for (const [offset, group] of byOffset(devices)) {
      const from = localMidnight(query.beginDate, offset);
      const rows = await this.repo.transmissionCounts(
        { deviceIds: group.map((d) => d.id), kind: query.timeUnit, from, to: from + dayCount * DAY_MS },
        offset,
      );
      for (const row of rows) counts.set(`${row.deviceId}|${row.day}`, row);
    }
    const firstDay = Math.round(Date.parse(`${query.beginDate}T00:00:00Z`) / DAY_MS);
    const days: TransmissionDay[] = [];
    const totals: TransmissionDevice[] = [];
    const now = this.clock.now();
    for (const device of devices) {
      const perDay =
        query.timeUnit === 'hour'
          ? HOURS_PER_DAY
          : Math.floor(DAY_MS / 1000 / Math.max(MIN_MINUTE_PERIOD_S, device.intervalTime));
      const total = { expected: 0, received: 0, valid: 0, daysBelow: 0 };
      for (let i = 0; i < dayCount; i += 1) {
        const count = counts.get(`${device.id}|${firstDay + i}`) ?? { received: 0, valid: 0 };
        const dayStart = localMidnight(dateOfDay(firstDay + i), device.utcOffsetMinutes);
        const expected = periodsDue(dayStart, DAY_MS / perDay, perDay, now, count.received);
        if (expected === 0) continue;
        const transmissionRate = ratio(count.received, expected) ?? 0;
        const validRate = ratio(count.valid, count.received);
        const below = transmissionRate < limit || (validRate !== null && validRate < limit);
        days.push({
          deviceId: device.id,
          date: dateOfDay(firstDay + i),
          expected,
          ...count,
          transmissionRate,
          validRate,
          below,
        });
        total.expected += expected;
        total.received += count.received;
        total.valid += count.valid;
        if (below) total.daysBelow += 1;
      }
      totals.push({
        deviceId: device.id,
        deviceName: device.deviceName,
        deviceCode: device.deviceCode,
        ...total,
        transmissionRate: ratio(total.received, total.expected) ?? 0,
        validRate: ratio(total.valid, total.received),
      });
    }
    return { timeUnit: query.timeUnit, threshold: query.threshold, devices: totals, days };
  }

  /**
   * Per station × factor over a day, month or year: avg/min/max, valid values, exceedances of the
   * device's enabled thresholds, compliance and completeness (periods with a value / periods of the period
   * ended so far). Factors the device is configured with but that sent nothing are listed with completeness 0.
   */
  async summary(query: SummaryQuery, caller: StatisticsCaller, only?: readonly number[]): Promise<SummaryReport> {
    const devices = await this.scoped(query, caller, undefined, only);
    const period = summaryPeriod(query.timeUnit, query.date);
    const kind = SUMMARY_SOURCE_KIND[query.timeUnit];
    const ids = devices.map((d) => d.id);
    const [thresholds, configured, project] = await Promise.all([
      this.repo.thresholds(ids),
      this.repo.deviceFactors(ids),
      query.projectId === undefined ? null : this.repo.projectName(query.projectId),
    ]);
    const thresholdCodes = [...new Set(thresholds.map((t) => t.factorCode))];
    const thresholded = new Set(thresholds.map((t) => t.deviceId));
    const rules = new Map<string, typeof thresholds>();
    for (const t of thresholds) {
      const key = `${t.deviceId}|${t.factorCode}`;
      rules.set(key, [...(rules.get(key) ?? []), t]);
    }

    const aggregates: FactorAggregate[] = [];
    const exceedances = new Map<string, number>();
    for (const [offset, group] of byOffset(devices)) {
      const range = {
        deviceIds: group.map((d) => d.id),
        kind,
        from: period.from - offset * MINUTE_MS,
        to: period.to - offset * MINUTE_MS,
      } as const;
      // Exceedances are judged in JavaScript with the shared rule, on the valid values of thresholded factors only.
      const judged = { ...range, deviceIds: range.deviceIds.filter((id) => thresholded.has(id)) };
      const [rows, values] = await Promise.all([
        this.repo.aggregates(range),
        this.repo.validValues(judged, thresholdCodes),
      ]);
      aggregates.push(...rows);
      for (const v of values) {
        const key = `${v.deviceId}|${v.factorCode}`;
        if ((rules.get(key) ?? []).some((t) => thresholdBroken(t.operator, v.value, t.limit1, t.limit2))) {
          exceedances.set(key, (exceedances.get(key) ?? 0) + 1);
        }
      }
    }

    const byKey = new Map(aggregates.map((a) => [`${a.deviceId}|${a.factorCode}`, a]));
    const units = new Map(configured.map((c) => [`${c.deviceId}|${c.factorCode}`, c.unit]));
    const codes = new Set([...aggregates.map((a) => a.factorCode), ...configured.map((c) => c.factorCode)]);
    const catalogue = await this.catalogue([...codes]);
    const rows: SummaryRow[] = [];
    const now = this.clock.now();
    const periodMs = (period.to - period.from) / period.expected;
    for (const device of devices) {
      const start = period.from - device.utcOffsetMinutes * MINUTE_MS;
      // The device's configured factors first, in their display order, then any other factor it sent.
      const own = configured.filter((c) => c.deviceId === device.id).map((c) => c.factorCode);
      const sent = aggregates
        .filter((a) => a.deviceId === device.id && !own.includes(a.factorCode))
        .map((a) => a.factorCode)
        .sort();
      for (const factorCode of [...own, ...sent]) {
        const key = `${device.id}|${factorCode}`;
        const agg = byKey.get(key);
        const count = agg?.count ?? 0;
        const valid = agg?.valid ?? 0;
        const broken = exceedances.get(key) ?? 0;
        const expected = periodsDue(start, periodMs, period.expected, now, count);
        rows.push({
          deviceId: device.id,
          deviceName: device.deviceName,
          deviceCode: device.deviceCode,
          ...this.factorFields(catalogue, factorCode, units.get(key)),
          avg: agg?.avg ?? null,
          min: agg?.min ?? null,
          max: agg?.max ?? null,
          count,
          valid,
          exceedances: broken,
          compliance: valid === 0 ? null : (valid - broken) / valid,
          expected,
          completeness: ratio(count, expected) ?? 0,
        });
      }
    }
    return {
      timeUnit: query.timeUnit,
      period: period.label,
      projectName: project?.deployName ?? null,
      projectNameEn: project?.deployNameEn ?? null,
      rows,
      auditedCount: aggregates.reduce((n, a) => n + a.audited, 0),
    };
  }

  /**
   * The transmission report's rate over a window instead of station days: per device, the distinct hour data
   * times received in [from, to) (whole hours, all ended) against the hours in it, and those whose every value
   * is valid. The offline and transmission check job reads it for "the last 24 hours".
   */
  async hourTransmission(deviceIds: readonly number[], from: number, to: number): Promise<WindowTransmission[]> {
    const expected = Math.max(0, Math.floor((to - from) / HOUR_MS));
    const counts = new Map<number, { received: number; valid: number }>();
    for (let i = 0; i < deviceIds.length; i += WINDOW_CHUNK) {
      const chunk = deviceIds.slice(i, i + WINDOW_CHUNK);
      // Grouped by UTC day: the days are summed, so the calendar does not matter.
      for (const row of await this.repo.transmissionCounts({ deviceIds: chunk, kind: 'hour', from, to }, 0)) {
        const total = counts.get(row.deviceId) ?? { received: 0, valid: 0 };
        counts.set(row.deviceId, { received: total.received + row.received, valid: total.valid + row.valid });
      }
    }
    return deviceIds.map((deviceId) => {
      const { received, valid } = counts.get(deviceId) ?? { received: 0, valid: 0 };
      return {
        deviceId,
        expected,
        received,
        valid,
        transmissionRate: ratio(received, expected) ?? 0,
        validRate: ratio(valid, received),
      };
    });
  }

  /** avg/min/max/count per station × isotope factor (factors.category = 'isotope') over [beginTime, endTime). */
  async isotope(query: IsotopeQuery, caller: StatisticsCaller): Promise<IsotopeReport> {
    const devices = await this.scoped(query, caller, query.deviceId);
    const factors = await this.repo.factors({ category: FACTOR_CATEGORY_ISOTOPE });
    const catalogue = new Map(factors.map((f) => [f.factorCode, f]));
    const aggregates = await this.repo.aggregates(
      { deviceIds: devices.map((d) => d.id), kind: query.timeUnit, from: query.beginTime, to: query.endTime },
      factors.map((f) => f.factorCode),
    );
    const byKey = new Map(aggregates.map((a) => [`${a.deviceId}|${a.factorCode}`, a]));
    const rows: IsotopeRow[] = [];
    for (const device of devices) {
      for (const factor of factors) {
        const agg = byKey.get(`${device.id}|${factor.factorCode}`);
        if (!agg) continue;
        rows.push({
          deviceId: device.id,
          deviceName: device.deviceName,
          deviceCode: device.deviceCode,
          ...this.factorFields(catalogue, factor.factorCode, undefined),
          avg: agg.avg,
          min: agg.min,
          max: agg.max,
          count: agg.count,
          valid: agg.valid,
        });
      }
    }
    return { factors: factors.map((f) => this.factorFields(catalogue, f.factorCode, undefined)), rows };
  }

  /**
   * One station's odour rose: the data times where wind direction, wind speed and the factor all
   * have a valid value; calm (speed < CALM_WIND_SPEED m/s) apart; the others by direction sector.
   * Frequencies are percentages of all those samples, calm included.
   */
  async odorRose(query: OdorRoseQuery, caller: StatisticsCaller): Promise<OdorRose> {
    const [device] = await this.scoped(query, caller, query.deviceId);
    if (!device) throw new DomainError('notFound');
    const series = await this.repo.series(device.id, query.timeUnit, query.beginTime, query.endTime, [
      WIND_DIRECTION_FACTOR,
      WIND_SPEED_FACTOR,
      query.factorCode,
    ]);
    const times = new Map<number, Map<string, number>>();
    for (const v of series) {
      if (v.value === null || !v.valid) continue;
      const at = times.get(v.dataTime) ?? new Map<string, number>();
      at.set(v.factorCode, v.value);
      times.set(v.dataTime, at);
    }
    const sectors = ROSE_SECTORS.map(() => ({ count: 0, sum: 0 }));
    const calm = { count: 0, sum: 0 };
    let samples = 0;
    for (const at of times.values()) {
      const direction = at.get(WIND_DIRECTION_FACTOR);
      const speed = at.get(WIND_SPEED_FACTOR);
      const value = at.get(query.factorCode);
      if (direction === undefined || speed === undefined || value === undefined) continue;
      if (direction < 0 || direction > 360 || speed < 0) continue;
      samples += 1;
      const bucket = speed < CALM_WIND_SPEED ? calm : sectors[roseSector(direction)];
      if (!bucket) continue;
      bucket.count += 1;
      bucket.sum += value;
    }
    const percent = (count: number) => (samples === 0 ? 0 : (count / samples) * 100);
    const mean = (b: { count: number; sum: number }) => (b.count === 0 ? null : b.sum / b.count);
    const catalogue = await this.catalogue([query.factorCode]);
    return {
      deviceId: device.id,
      deviceName: device.deviceName,
      ...this.factorFields(catalogue, query.factorCode, undefined),
      timeUnit: query.timeUnit,
      samples,
      calmSpeed: CALM_WIND_SPEED,
      calm: { count: calm.count, frequency: percent(calm.count), mean: mean(calm) },
      sectors: ROSE_SECTORS.map((sector, i) => {
        const bucket = sectors[i] ?? { count: 0, sum: 0 };
        return {
          sector,
          from: (i * ROSE_SECTOR_DEGREES - ROSE_SECTOR_DEGREES / 2 + 360) % 360,
          to: i * ROSE_SECTOR_DEGREES + ROSE_SECTOR_DEGREES / 2,
          count: bucket.count,
          frequency: percent(bucket.count),
          mean: mean(bucket),
        };
      }),
    };
  }

  /** The project's name in the export's language (its Chinese name when it has no English one). */
  async projectName(projectId: number | undefined, lang: 'zh-CN' | 'en-US'): Promise<string | null> {
    const project = projectId === undefined ? null : await this.repo.projectName(projectId);
    if (!project) return null;
    return lang === 'en-US' ? (project.deployNameEn ?? project.deployName) : project.deployName;
  }

  /** The devices in scope (of `only`, when given: a scheduled report's devices); asking for one outside it is notFound. */
  private async scoped(
    query: QueryScope,
    caller: StatisticsCaller,
    deviceId?: number,
    only?: readonly number[],
  ): Promise<ScopedDevice[]> {
    const devices = await this.repo.devices({ ...scopeOf(query, caller), deviceId });
    if (deviceId !== undefined && devices.length === 0) throw new DomainError('notFound');
    if (only === undefined) return devices;
    const wanted = new Set(only);
    return devices.filter((d) => wanted.has(d.id));
  }

  private async catalogue(codes: readonly string[]): Promise<Map<string, CatalogueFactor>> {
    return new Map((await this.repo.factors({ codes })).map((f) => [f.factorCode, f]));
  }

  private factorFields(catalogue: Map<string, CatalogueFactor>, factorCode: string, unit: string | null | undefined) {
    const entry = catalogue.get(factorCode);
    return {
      factorCode,
      factorName: entry?.factorName ?? null,
      factorNameEn: entry?.factorNameEn ?? null,
      unit: unit ?? entry?.unit ?? null,
      decimals: entry?.decimals ?? null,
    };
  }
}
