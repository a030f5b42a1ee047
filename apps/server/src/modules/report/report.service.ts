import {
  type AuditState,
  limitSymbol,
  reportedReading,
  REPORT_CONTRAST_PERIODS,
  THRESHOLD_OPERATOR,
  thresholdBroken,
  type ReportContrast,
  type ReportContrastPeriod,
  type ReportContrastQuery,
  type ReportContrastRow,
  type ReportContrastSeries,
  type ReportDevice,
  type ReportFactor,
  type ReportLimit,
  type ReportMultiStation,
  type ReportMultiStationQuery,
  type ReportSingleStation,
  type ReportSingleStationQuery,
  type ReportStandardQuery,
  type ReportStandardReport,
  type ReportStats,
  type QueryScope,
} from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { previousPeriod, type Range, samePeriodLastYear, slotter } from './report.periods.js';
import type {
  ReportDeviceRow,
  ReportFactorRow,
  ReportRepository,
  ReportThresholdRow,
  ReportValueRow,
  ReportWaterLimitRow,
} from './report.repository.js';

/** A rollup row as the reports take it: audited (issue 19), whether it counts, and whether an audit touched it. */
export interface ReportedRow {
  deviceId: number;
  factorCode: string;
  dataTime: number;
  value: number | null;
  min: number | null;
  max: number | null;
  valid: boolean;
  /** The audit state laid over the value, if any. */
  auditState: AuditState | null;
}

/**
 * The one rule (`reportedReading`, schemas/data-audit.ts): without an audit, valid when the station flagged it
 * N — or sent no flag, which HJ 212 leaves optional — and the platform's quality check left it N (definitions in
 * schemas/report.ts); an audit's state overrides that, a replaced (or recomputed) value is its own lowest and
 * highest, and a value an audit invalidated is left out. Month values are the platform's own, from the valid
 * day values only (none valid: no value), and carry no station flag either.
 */
export function reported(row: ReportValueRow): ReportedRow {
  const auditState = row.auditState as AuditState | null;
  const { value, valid } = reportedReading({ ...row, auditState });
  const own = auditState === 'replaced' || auditState === 'recomputed';
  const extreme = (stored: number | null) => (auditState === 'invalid' ? null : own ? value : stored);
  return {
    deviceId: row.deviceId,
    factorCode: row.factorCode,
    dataTime: row.dataTime,
    value,
    min: extreme(row.min),
    max: extreme(row.max),
    valid,
    auditState,
  };
}

export const isValid = (row: ReportedRow): boolean => row.valid;

/** How many of the values a report rests on an audit touched: the report says it rests on audited data. */
export const auditedCount = (rows: readonly ReportedRow[]): number => rows.filter((r) => r.auditState !== null).length;

/** One factor's statistics over its rollup rows: avg of period averages, min of minimums, max of maximums. */
export function statsOf(list: readonly ReportedRow[], thresholds: readonly ReportThresholdRow[]): ReportStats {
  const withValue = list.filter((row) => row.value !== null);
  const valid = list.filter(isValid);
  const exceedances = valid.filter((row) =>
    thresholds.some((t) => thresholdBroken(t.operator, row.value as number, t.limit1, t.limit2)),
  ).length;
  const extreme = (pick: (row: ReportedRow) => number | null, fn: (...v: number[]) => number) => {
    const values = list.map((row) => pick(row) ?? row.value).filter((v): v is number => v !== null);
    return values.length === 0 ? null : fn(...values);
  };
  return {
    avg: withValue.length === 0 ? null : withValue.reduce((s, row) => s + (row.value as number), 0) / withValue.length,
    min: extreme((row) => row.min, Math.min),
    max: extreme((row) => row.max, Math.max),
    count: withValue.length,
    valid: valid.length,
    exceedances,
    compliance: valid.length === 0 ? null : (valid.length - exceedances) / valid.length,
  };
}

/** Per-factor statistics of one device's rows, in the order factors first appear. */
export function summarize(rows: readonly ReportedRow[], thresholds: readonly ReportThresholdRow[]) {
  const byFactor = new Map<string, ReportedRow[]>();
  for (const row of rows) {
    const list = byFactor.get(row.factorCode);
    if (list) list.push(row);
    else byFactor.set(row.factorCode, [row]);
  }
  return [...byFactor].map(([factorCode, list]) => ({
    factorCode,
    ...statsOf(
      list,
      thresholds.filter((t) => t.factorCode === factorCode),
    ),
  }));
}

/**
 * The standard a threshold sets: > and ≥ an upper limit, < and ≤ a lower one, 'not in (m,n)' the range
 * m–n. 'in [m,n]' (an alarm inside a range) has no limit to compare an average against.
 */
export function thresholdLimit(t: Pick<ReportThresholdRow, 'operator' | 'limit1' | 'limit2'>): ReportLimit | null {
  if (t.limit1 === null) return null;
  switch (t.operator) {
    case THRESHOLD_OPERATOR.gt:
    case THRESHOLD_OPERATOR.gte:
      return { direction: 'upper', limit1: t.limit1, limit2: null };
    case THRESHOLD_OPERATOR.lt:
    case THRESHOLD_OPERATOR.lte:
      return { direction: 'lower', limit1: t.limit1, limit2: null };
    case THRESHOLD_OPERATOR.notIn:
      return t.limit2 === null
        ? null
        : { direction: 'range', limit1: Math.min(t.limit1, t.limit2), limit2: Math.max(t.limit1, t.limit2) };
    default:
      return null;
  }
}

/**
 * A surface-water class limit: classes that run up (COD) are upper limits, classes that run down
 * (dissolved oxygen) lower limits, a factor without class limits (pH) has the range rangeMin–rangeMax.
 */
export function waterClassLimit(row: ReportWaterLimitRow, waterClass: number): ReportLimit | null {
  const classes = [row.class1, row.class2, row.class3, row.class4, row.class5];
  const symbol = limitSymbol(classes[0], classes[4]);
  if (symbol === 'ph') {
    return row.rangeMin === null || row.rangeMax === null
      ? null
      : { direction: 'range', limit1: row.rangeMin, limit2: row.rangeMax };
  }
  const limit = classes[waterClass - 1] ?? null;
  if (limit === null) return null;
  return { direction: symbol === 'DESC' ? 'lower' : 'upper', limit1: limit, limit2: null };
}

/** The value relative to its limit, above 1 when worse than it (see reportStandardFactorSchema). */
export function standardRatio(value: number | null, limit: ReportLimit | null): number | null {
  if (value === null || limit === null) return null;
  switch (limit.direction) {
    case 'upper':
      return limit.limit1 === 0 ? null : value / limit.limit1;
    case 'lower':
      // A lower bound (dissolved oxygen): the limit over the value, so that a value below the limit is above 1.
      return value <= 0 ? null : limit.limit1 / value;
    case 'range': {
      const half = ((limit.limit2 ?? limit.limit1) - limit.limit1) / 2;
      return half <= 0 ? null : Math.abs(value - (limit.limit1 + half)) / half;
    }
  }
}

/** Whether a water-class limit is broken (the class is met at the limit itself, as waterClassOf reads it). */
function limitBroken(value: number, limit: ReportLimit): boolean {
  switch (limit.direction) {
    case 'upper':
      return value > limit.limit1;
    case 'lower':
      return value < limit.limit1;
    case 'range':
      return value < limit.limit1 || value > (limit.limit2 ?? limit.limit1);
  }
}

const toDevice = (row: ReportDeviceRow): ReportDevice => ({
  deviceId: row.id,
  deviceName: row.deviceName,
  mn: row.deviceCode,
  utcOffsetMinutes: row.utcOffsetMinutes,
});

const toFactor = (code: string, row: ReportFactorRow | undefined): ReportFactor => ({
  factorCode: code,
  factorName: row?.factorName ?? null,
  factorNameEn: row?.factorNameEn ?? null,
  unit: row?.unit ?? null,
  decimals: row?.decimals ?? null,
});

const firstAppearance = (rows: readonly ReportedRow[]) => [...new Set(rows.map((r) => r.factorCode))];

/** The reports (schemas/report.ts): single station, multi-station, contrast, and the standards behind the factor bar and radar. */
export class ReportService {
  constructor(private readonly repo: ReportRepository) {}

  async singleStation(query: ReportSingleStationQuery, reader: ScopeReader): Promise<ReportSingleStation> {
    const { timeUnit, beginTime, endTime } = query;
    const [device] = await this.devicesInScope([query.deviceId], query, reader);
    if (!device) throw new DomainError('notFound');
    const [rows, thresholds] = await Promise.all([
      this.reportedRollups([device.id], timeUnit, beginTime, endTime),
      this.repo.thresholds([device.id]),
    ]);
    const summaries = summarize(rows, thresholds);
    const catalogue = await this.catalogue(
      device.id,
      summaries.map((s) => s.factorCode),
    );
    const periods = new Map<number, { values: Record<string, number | null>; audit: Record<string, AuditState> }>();
    for (const row of rows) {
      const period = periods.get(row.dataTime) ?? { values: {}, audit: {} };
      period.values[row.factorCode] = row.value;
      if (row.auditState) period.audit[row.factorCode] = row.auditState;
      periods.set(row.dataTime, period);
    }
    return {
      deviceId: device.id,
      device: toDevice(device),
      timeUnit,
      beginTime,
      endTime,
      factors: summaries.map((s) => ({ ...toFactor(s.factorCode, catalogue.get(s.factorCode)), ...s })),
      rows: [...periods].map(([dataTime, period]) => ({ dataTime, ...period })),
      auditedCount: auditedCount(rows),
    };
  }

  async multiStation(query: ReportMultiStationQuery, reader: ScopeReader): Promise<ReportMultiStation> {
    const { timeUnit, beginTime, endTime, factorCodes } = query;
    const devices = await this.devicesInScope(query.deviceIds, query, reader);
    const ids = devices.map((d) => d.id);
    const [rows, thresholds] = await Promise.all([
      this.reportedRollups(ids, timeUnit, beginTime, endTime, factorCodes),
      this.repo.thresholds(ids),
    ]);
    const codes = factorCodes.length > 0 ? factorCodes : firstAppearance(rows);
    const catalogue = await this.catalogue(null, codes);
    return {
      timeUnit,
      beginTime,
      endTime,
      factors: codes.map((code) => toFactor(code, catalogue.get(code))),
      auditedCount: auditedCount(rows),
      stations: devices.map((device) => {
        const mine = rows.filter((r) => r.deviceId === device.id);
        const limits = thresholds.filter((t) => t.deviceId === device.id);
        return {
          device: toDevice(device),
          values: Object.fromEntries(summarize(mine, limits).map(({ factorCode, ...stats }) => [factorCode, stats])),
        };
      }),
    };
  }

  async contrast(query: ReportContrastQuery, reader: ScopeReader): Promise<ReportContrast> {
    const { mode, timeUnit, beginTime, endTime, factorCode } = query;
    const devices = await this.devicesInScope(query.deviceIds, query, reader);
    const current: Range = { from: beginTime, to: endTime };
    const plans: { key: string; device: ReportDeviceRow; period: ReportContrastPeriod; range: Range }[] =
      mode === 'stations'
        ? devices.map((device) => ({ key: `device-${device.id}`, device, period: 'current', range: current }))
        : REPORT_CONTRAST_PERIODS.map((period) => {
            const device = devices[0] as ReportDeviceRow;
            const offset = device.utcOffsetMinutes;
            const range =
              period === 'current'
                ? current
                : period === 'previous'
                  ? previousPeriod(current, timeUnit, offset)
                  : samePeriodLastYear(current, offset);
            return { key: period, device, period, range };
          });
    const thresholds = await this.repo.thresholds(devices.map((d) => d.id));
    const [first] = devices;
    const labels = slotter(beginTime, timeUnit, first?.utcOffsetMinutes ?? 0);
    // Each series is one range read along the measurements key; read together.
    const read = await Promise.all(
      plans.map((plan) =>
        this.reportedRollups([plan.device.id], timeUnit, plan.range.from, plan.range.to, [factorCode]),
      ),
    );
    const rowsBySlot = new Map<number, Record<string, number | null>>();
    const series: ReportContrastSeries[] = plans.map((plan, i) => {
      const rows = read[i] ?? [];
      const slots = slotter(plan.range.from, timeUnit, plan.device.utcOffsetMinutes);
      for (const row of rows) {
        const slot = slots.slot(row.dataTime);
        rowsBySlot.set(slot, { ...rowsBySlot.get(slot), [plan.key]: row.value });
      }
      return {
        key: plan.key,
        device: toDevice(plan.device),
        period: plan.period,
        beginTime: plan.range.from,
        endTime: plan.range.to,
        stats: statsOf(
          rows,
          thresholds.filter((t) => t.deviceId === plan.device.id && t.factorCode === factorCode),
        ),
      };
    });
    const catalogue = await this.catalogue(mode === 'periods' ? (first?.id ?? null) : null, [factorCode]);
    const rows: ReportContrastRow[] = [...rowsBySlot]
      .sort(([a], [b]) => a - b)
      .map(([slot, values]) => ({ slot, dataTime: labels.start(slot), values }));
    return {
      mode,
      timeUnit,
      beginTime,
      endTime,
      factor: toFactor(factorCode, catalogue.get(factorCode)),
      series,
      rows,
      auditedCount: auditedCount(read.flat()),
    };
  }

  /** Each factor's period average against its standard: the device's threshold or a surface-water class limit. */
  async standards(query: ReportStandardQuery, reader: ScopeReader): Promise<ReportStandardReport> {
    const { timeUnit, beginTime, endTime, factorCodes, standard, waterClass } = query;
    const [device] = await this.devicesInScope([query.deviceId], query, reader);
    if (!device) throw new DomainError('notFound');
    const [rows, thresholds] = await Promise.all([
      this.reportedRollups([device.id], timeUnit, beginTime, endTime, factorCodes),
      this.repo.thresholds([device.id]),
    ]);
    const summaries = summarize(rows, thresholds);
    const codes = summaries.map((s) => s.factorCode);
    const [catalogue, waterLimits] = await Promise.all([
      this.catalogue(device.id, codes),
      standard === 'waterClass' ? this.repo.waterLimits(codes) : Promise.resolve([]),
    ]);
    return {
      device: toDevice(device),
      timeUnit,
      beginTime,
      endTime,
      standard,
      waterClass,
      auditedCount: auditedCount(rows),
      factors: summaries.map((s) => {
        // Thresholds come overflow type 0 first: the factor's own standard before an overflow stage.
        const threshold = thresholds.find((t) => t.factorCode === s.factorCode);
        const water = waterLimits.find((l) => l.factorCode === s.factorCode);
        const limit =
          standard === 'threshold'
            ? threshold
              ? thresholdLimit(threshold)
              : null
            : water
              ? waterClassLimit(water, waterClass)
              : null;
        const exceeded =
          s.avg === null || limit === null
            ? null
            : standard === 'threshold' && threshold
              ? thresholdBroken(threshold.operator, s.avg, threshold.limit1, threshold.limit2)
              : limitBroken(s.avg, limit);
        return {
          ...toFactor(s.factorCode, catalogue.get(s.factorCode)),
          ...s,
          limit,
          ratio: standardRatio(s.avg, limit),
          exceeded,
        };
      }),
    };
  }

  /** The asked devices in the caller's scope, in the order asked; any missing one is not found. */
  private async devicesInScope(
    ids: readonly number[],
    query: QueryScope,
    reader: ScopeReader,
  ): Promise<ReportDeviceRow[]> {
    const found = new Map((await this.repo.devices(ids, scopeOf(query, reader))).map((d) => [d.id, d]));
    const devices = ids.map((id) => found.get(id));
    if (devices.some((d) => d === undefined)) throw new DomainError('notFound');
    return devices as ReportDeviceRow[];
  }

  /** The rollup rows of a range, as the reports take them (`reported`). */
  private async reportedRollups(...range: Parameters<ReportRepository['rollups']>): Promise<ReportedRow[]> {
    return (await this.repo.rollups(...range)).map(reported);
  }

  private async catalogue(deviceId: number | null, codes: readonly string[]): Promise<Map<string, ReportFactorRow>> {
    return new Map((await this.repo.factors(deviceId, codes)).map((f) => [f.factorCode, f]));
  }
}
