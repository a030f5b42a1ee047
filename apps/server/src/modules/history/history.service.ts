import {
  type AuditState,
  DAY_MS,
  downsampleMinMax,
  exportTimeColumn,
  HISTORY_TIME_PRECISION,
  isFlowUnit,
  MINUTE_MS,
  type HistoryChart,
  type HistoryChartQuery,
  type HistoryExportQuery,
  type HistoryFactor,
  type HistoryFilter,
  type HistoryFlowUnit,
  type HistoryQuery,
  type HistoryRow,
  type HistorySeries,
  type HistoryTable,
  type HistoryTimeUnit,
  reportedReading,
  vocabularyLabel,
} from '@envmon/shared';
import type { MeasurementKind } from '../../db/schema.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import { DomainError } from '../../lib/errors.js';
import { isTileKind } from '../../ingest/tiles.js';
import type { XlsxWorkbookPlan } from '../../lib/xlsx-export.js';
import { readAhead, toRows, type XlsxExportColumn } from '../../lib/xlsx-export.js';
import type {
  HistoryColumns,
  HistoryCouRow,
  HistoryDeviceRow,
  HistoryRange,
  HistoryRepository,
} from './history.repository.js';
import { chartsFromTiles, tileChartPoints } from './tile-chart.js';

/** The measurement kind a plain (non-flow) unit reads. */
const KIND: Record<Exclude<HistoryTimeUnit, HistoryFlowUnit>, MeasurementKind> = {
  realtime: 'rtd',
  minute: 'min',
  hour: 'hour',
  day: 'day',
  month: 'month',
};

/** About how long one period of each kind is: sizes the export's time windows. */
const PERIOD_MS: Record<Exclude<HistoryTimeUnit, HistoryFlowUnit>, number> = {
  realtime: 30_000,
  minute: MINUTE_MS,
  hour: 3_600_000,
  day: DAY_MS,
  month: 31 * DAY_MS,
};
/** Measurements one export window reads at most (about): bounds the export's memory. */
const EXPORT_WINDOW_VALUES = 50_000;

/** The start of the station-local period (day, month or year) holding a station-local day start. */
export function flowPeriodStart(dayStart: number, unit: HistoryFlowUnit, offsetMinutes: number): number {
  if (unit === 'flowDay') return dayStart;
  const offset = offsetMinutes * MINUTE_MS;
  const local = new Date(dayStart + offset);
  const y = local.getUTCFullYear();
  return (unit === 'flowMonth' ? Date.UTC(y, local.getUTCMonth(), 1) : Date.UTC(y, 0, 1)) - offset;
}

/**
 * Flow per device × factor × period: a day's flow is its day value's cou, else the sum of its hours'
 * cou; a month's or a year's flow is the sum of its days' (schemas/history.ts).
 */
export function flowSums(
  days: readonly HistoryCouRow[],
  hourDays: readonly HistoryCouRow[],
  unit: HistoryFlowUnit,
  offsetOf: (deviceId: number) => number,
): HistoryCouRow[] {
  const perDay = new Map<string, HistoryCouRow>();
  const key = (r: HistoryCouRow) => `${r.deviceId}|${r.factorCode}|${r.dataTime}`;
  for (const r of hourDays) perDay.set(key(r), r);
  // The station's own day total wins over the hours' sum.
  for (const r of days) perDay.set(key(r), r);
  const periods = new Map<string, HistoryCouRow>();
  for (const r of perDay.values()) {
    const dataTime = flowPeriodStart(r.dataTime, unit, offsetOf(r.deviceId));
    const k = `${r.deviceId}|${r.factorCode}|${dataTime}`;
    const current = periods.get(k);
    if (current) current.cou += r.cou;
    else periods.set(k, { deviceId: r.deviceId, factorCode: r.factorCode, dataTime, cou: r.cou });
  }
  return [...periods.values()];
}

/** A value rounded to the factor's decimals, where the catalogue gives them. */
const rounded = (value: number | null, decimals: number | null) =>
  value === null || decimals === null ? value : Number(value.toFixed(decimals));

interface Resolved {
  devices: HistoryDeviceRow[];
  factors: HistoryFactor[];
}

const EXPORT_HEADERS = {
  'zh-CN': { index: '序号', deviceName: '设备名称', dataTime: '数据时间', sheet: '历史数据', audit: '审核状态' },
  'en-US': {
    index: 'No.',
    deviceName: 'Device name',
    dataTime: 'DataTime',
    sheet: 'History data',
    audit: 'Audit state',
  },
} as const;

/** The history query: table, chart and export over the devices the caller sees. */
export class HistoryService {
  constructor(private readonly repo: HistoryRepository) {}

  /** The chosen devices (every one must be in scope) and factors (names, unit, decimals) in the order asked. */
  private async resolve(filter: HistoryFilter, reader: ScopeReader): Promise<Resolved> {
    const ids = [...new Set(filter.deviceIds)];
    const found = await this.repo.devicesInScope(ids, scopeOf(filter, reader));
    if (found.length !== ids.length) throw new DomainError('notFound');
    const byId = new Map(found.map((d) => [d.id, d]));
    const devices = ids.map((id) => byId.get(id) as HistoryDeviceRow);
    const codes = [...new Set(filter.factorCodes)];
    const [catalogue, units] = await Promise.all([this.repo.catalogue(codes), this.repo.deviceUnits(ids, codes)]);
    const entries = new Map(catalogue.map((f) => [f.factorCode, f]));
    const deviceUnit = new Map<string, string>();
    // The first chosen device (by id) that sets its own unit for a factor gives the column's unit.
    for (const u of units) if (!deviceUnit.has(u.factorCode)) deviceUnit.set(u.factorCode, u.unit);
    const factors = codes.map((factorCode) => {
      const entry = entries.get(factorCode);
      return {
        factorCode,
        factorName: entry?.factorName ?? null,
        factorNameEn: entry?.factorNameEn ?? null,
        unit: deviceUnit.get(factorCode) ?? entry?.unit ?? null,
        decimals: entry?.decimals ?? null,
      };
    });
    return { devices, factors };
  }

  private range(filter: HistoryFilter, devices: readonly HistoryDeviceRow[], kind: MeasurementKind): HistoryRange {
    return {
      deviceIds: devices.map((d) => d.id),
      factorCodes: [...new Set(filter.factorCodes)],
      kind,
      from: filter.beginTime,
      to: filter.endTime,
    };
  }

  /** Every flow period of the range, per device × factor. */
  private async flows(filter: HistoryFilter, unit: HistoryFlowUnit, devices: readonly HistoryDeviceRow[]) {
    const range = this.range(filter, devices, 'day');
    const offsets = new Map(devices.map((d) => [d.id, d.utcOffsetMinutes]));
    const byOffset = new Map<number, number[]>();
    for (const d of devices) byOffset.set(d.utcOffsetMinutes, [...(byOffset.get(d.utcOffsetMinutes) ?? []), d.id]);
    const [days, ...hours] = await Promise.all([
      this.repo.dayCou(range),
      ...[...byOffset].map(([offset, deviceIds]) =>
        this.repo.hourCouByDay({ ...range, deviceIds }, offset * MINUTE_MS),
      ),
    ]);
    return flowSums(days, hours.flat(), unit, (id) => offsets.get(id) ?? 0);
  }

  /** Flow sums as table rows, by data time then device. */
  private flowRows(sums: readonly HistoryCouRow[], devices: readonly HistoryDeviceRow[]): HistoryRow[] {
    const byId = new Map(devices.map((d) => [d.id, d]));
    const rows = new Map<string, HistoryRow>();
    for (const s of sums) {
      const k = `${s.deviceId}|${s.dataTime}`;
      let row = rows.get(k);
      if (!row) {
        const device = byId.get(s.deviceId) as HistoryDeviceRow;
        row = {
          deviceId: s.deviceId,
          deviceName: device.deviceName,
          deviceCode: device.deviceCode,
          dataTime: s.dataTime,
          utcOffsetMinutes: device.utcOffsetMinutes,
          values: {},
        };
        rows.set(k, row);
      }
      row.values[s.factorCode] = { value: s.cou, flag: null, quality: null };
    }
    // As the measurement rows: by data time, then device id.
    return [...rows.values()].sort((a, b) => a.dataTime - b.dataTime || a.deviceId - b.deviceId);
  }

  /** Measurements grouped into table rows (device × data time), in the order read. */
  private valueRows(
    values: Awaited<ReturnType<HistoryRepository['values']>>,
    devices: ReadonlyMap<number, HistoryDeviceRow>,
    audited = false,
  ): HistoryRow[] {
    const rows = new Map<string, HistoryRow>();
    for (const v of values) {
      const k = `${v.deviceId}|${v.dataTime}`;
      let row = rows.get(k);
      if (!row) {
        const device = devices.get(v.deviceId) as HistoryDeviceRow;
        row = {
          deviceId: v.deviceId,
          deviceName: device.deviceName,
          deviceCode: device.deviceCode,
          dataTime: v.dataTime,
          utcOffsetMinutes: device.utcOffsetMinutes,
          values: {},
        };
        rows.set(k, row);
      }
      const auditState = (v.auditState ?? null) as AuditState | null;
      const reading = { ...v, auditState, auditValue: v.auditValue ?? null };
      row.values[v.factorCode] = {
        // Audited: as the reports take it (issue 19); else the stored value.
        value: audited ? reportedReading(reading).value : v.value,
        flag: v.flag,
        quality: v.quality,
        ...(auditState === null ? {} : { auditState }),
        // The station's value only where a data rule changed it.
        ...(v.stationValue === null || v.stationValue === undefined ? {} : { stationValue: v.stationValue }),
      };
    }
    return [...rows.values()];
  }

  /** The table: one row per device × period with any chosen factor, by data time then device, paged. */
  async table(query: HistoryQuery, reader: ScopeReader): Promise<HistoryTable> {
    const { devices, factors } = await this.resolve(query, reader);
    const { timeUnit, pageNum, pageSize } = query;
    const offset = (pageNum - 1) * pageSize;
    const answer = (list: HistoryRow[], total: number): HistoryTable => ({
      timeUnit,
      factors,
      list,
      total,
      pageNum,
      pageSize,
    });
    if (isFlowUnit(timeUnit)) {
      const rows = this.flowRows(await this.flows(query, timeUnit, devices), devices);
      return answer(rows.slice(offset, offset + pageSize), rows.length);
    }
    const range = this.range(query, devices, KIND[timeUnit]);
    const [total, keys] = await Promise.all([this.repo.countRows(range), this.repo.rowKeys(range, pageSize, offset)]);
    if (keys.length === 0) return answer([], total);
    const first = (keys[0] as { dataTime: number }).dataTime;
    const last = (keys[keys.length - 1] as { dataTime: number }).dataTime;
    const wanted = new Set(keys.map((k) => `${k.deviceId}|${k.dataTime}`));
    const values = await this.repo.values({
      ...range,
      deviceIds: [...new Set(keys.map((k) => k.deviceId))],
      from: first,
      to: last + 1,
    });
    const byId = new Map(devices.map((d) => [d.id, d]));
    const rows = this.valueRows(
      values.filter((v) => wanted.has(`${v.deviceId}|${v.dataTime}`)),
      byId,
      query.audited === true,
    );
    return answer(rows, total);
  }

  /**
   * The chart: per device × factor, the range's values downsampled to at most maxPoints (min/max per bucket); of
   * real-time and minute values over more hours than buckets, or over more than a week, per bucket of whole hours
   * from their hourly tiles (tile-chart.ts).
   */
  async chart(query: HistoryChartQuery, reader: ScopeReader): Promise<HistoryChart> {
    const { devices, factors } = await this.resolve(query, reader);
    const { timeUnit, maxPoints } = query;
    const series: HistorySeries[] = [];
    const seriesOf = (device: HistoryDeviceRow, factorCode: string) => ({
      deviceId: device.id,
      deviceName: device.deviceName,
      deviceCode: device.deviceCode,
      factorCode,
    });
    const push = (device: HistoryDeviceRow, factorCode: string, columns: HistoryColumns) =>
      series.push({
        ...seriesOf(device, factorCode),
        total: columns.times.length,
        points: downsampleMinMax(columns.times, columns.values, maxPoints),
      });
    if (isFlowUnit(timeUnit)) {
      const sums = (await this.flows(query, timeUnit, devices)).sort((a, b) => a.dataTime - b.dataTime);
      for (const device of devices) {
        for (const { factorCode } of factors) {
          const mine = sums.filter((s) => s.deviceId === device.id && s.factorCode === factorCode);
          push(device, factorCode, {
            times: Float64Array.from(mine, (s) => s.dataTime),
            values: Float64Array.from(mine, (s) => s.cou),
          });
        }
      }
    } else {
      const kind = KIND[timeUnit];
      const { beginTime: from, endTime: to } = query;
      const audited = query.audited === true;
      const tiled = isTileKind(kind) && chartsFromTiles(from, to, maxPoints);
      // One series at a time: a minute year is half a million values, read and reduced before the next.
      for (const device of devices) {
        for (const { factorCode } of factors) {
          if (tiled) {
            // Real-time and minute values over many hours: their hourly tiles (issue 22), unless the values are
            // few enough to be drawn one by one.
            const hours = await this.repo.hourExtremes(device.id, kind, factorCode, from, to, audited);
            const total = hours.reduce((sum, h) => sum + h.n, 0);
            if (total > maxPoints) {
              series.push({
                ...seriesOf(device, factorCode),
                total,
                points: tileChartPoints(hours, from, to, maxPoints),
              });
              continue;
            }
          }
          push(device, factorCode, await this.repo.columns(device.id, kind, factorCode, from, to, audited));
        }
      }
    }
    return { timeUnit, maxPoints, factors, series };
  }

  /**
   * The export: the table's columns, and its rows in batches by data time then device — a flow
   * range at once (a few thousand periods at most), measurements in time windows of about
   * EXPORT_WINDOW_VALUES values. The devices are resolved and the first batch read here, before
   * the response starts, so a refusal or a failing query still gets an envelope.
   */
  async exportPlan(query: HistoryExportQuery, reader: ScopeReader): Promise<XlsxWorkbookPlan> {
    const { devices, factors } = await this.resolve(query, reader);
    const headers = EXPORT_HEADERS[query.lang];
    // The screen's rule (station time, HISTORY_TIME_PRECISION); the file names the zone (exportTimeColumn).
    const time = exportTimeColumn(
      headers.dataTime,
      devices.map((d) => d.utcOffsetMinutes),
      query.lang,
    );
    const precision = HISTORY_TIME_PRECISION[query.timeUnit];
    const audits = !isFlowUnit(query.timeUnit);
    const columns: XlsxExportColumn[] = [
      { header: headers.index, width: 8 },
      { header: headers.deviceName, width: 22 },
      { header: 'MN', width: 26 },
      { header: time.title, width: 28 },
      ...factors.map((f) => {
        const name = (query.lang === 'en-US' ? f.factorNameEn : f.factorName) ?? f.factorCode;
        return { header: f.unit ? `${name}(${f.unit})` : name, width: 16 };
      }),
      // Flow sums are the platform's, never audited: no audit column.
      ...(audits ? [{ header: headers.audit, width: 24 }] : []),
    ];
    const lang = query.lang === 'en-US' ? 'en' : 'zh';
    // Each audited value of the row as 'factor: state' (issue 19: exports carry the audit state).
    const auditCell = (row: HistoryRow) =>
      factors
        .flatMap((f) => {
          const state = row.values[f.factorCode]?.auditState;
          const name = (query.lang === 'en-US' ? f.factorNameEn : f.factorName) ?? f.factorCode;
          return state ? [`${name}: ${vocabularyLabel('auditState', state, lang)}`] : [];
        })
        .join('; ') || null;
    const rows = await readAhead(
      toRows(this.exportBatches(query, devices, factors.length), (row: HistoryRow, index) => [
        index,
        row.deviceName,
        row.deviceCode,
        time.format(row.dataTime, row.utcOffsetMinutes, precision),
        ...factors.map((f) => rounded(row.values[f.factorCode]?.value ?? null, f.decimals)),
        ...(audits ? [auditCell(row)] : []),
      ]),
    );
    return {
      fileName: { ascii: 'history', display: headers.sheet },
      sheets: [{ name: headers.sheet, columns, rows }],
    };
  }

  private async *exportBatches(
    filter: HistoryFilter,
    devices: HistoryDeviceRow[],
    factorCount: number,
  ): AsyncGenerator<HistoryRow[]> {
    const { timeUnit } = filter;
    if (isFlowUnit(timeUnit)) {
      yield this.flowRows(await this.flows(filter, timeUnit, devices), devices);
      return;
    }
    const range = this.range(filter, devices, KIND[timeUnit]);
    const perPeriod = Math.max(1, devices.length * factorCount);
    const window = PERIOD_MS[timeUnit] * Math.max(1, Math.floor(EXPORT_WINDOW_VALUES / perPeriod));
    const byId = new Map(devices.map((d) => [d.id, d]));
    for (let from = filter.beginTime; from < filter.endTime; from += window) {
      const values = await this.repo.values({ ...range, from, to: Math.min(filter.endTime, from + window) });
      if (values.length > 0) yield this.valueRows(values, byId, filter.audited === true);
    }
  }
}
