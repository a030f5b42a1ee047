import {
  thresholdBroken,
  type ReportFactorSummary,
  type ReportSingleStation,
  type ReportSingleStationQuery,
} from '@envmon/shared';
import { DomainError } from '../../lib/errors.js';
import type { ReportRepository, ReportThresholdRow, ReportValueRow } from './report.repository.js';

/** Valid: the station flagged it N and the platform's quality check left it N (definitions in schemas/report.ts). */
const isValid = (row: ReportValueRow): boolean => row.value !== null && row.flag === 'N' && row.quality === 'N';

/** Per-factor summary of one device's rollup rows: avg of period averages, min of minimums, max of maximums. */
export function summarize(rows: readonly ReportValueRow[], thresholds: readonly ReportThresholdRow[]) {
  const byFactor = new Map<string, ReportValueRow[]>();
  for (const row of rows) byFactor.set(row.factorCode, [...(byFactor.get(row.factorCode) ?? []), row]);
  return [...byFactor].map(([factorCode, list]) => {
    const withValue = list.filter((row) => row.value !== null);
    const limits = thresholds.filter((t) => t.factorCode === factorCode);
    const valid = list.filter(isValid);
    const exceedances = valid.filter((row) =>
      limits.some((t) => thresholdBroken(t.operator, row.value as number, t.limit1, t.limit2)),
    ).length;
    const extreme = (pick: (row: ReportValueRow) => number | null, fn: (...v: number[]) => number) => {
      const values = list.map((row) => pick(row) ?? row.value).filter((v): v is number => v !== null);
      return values.length === 0 ? null : fn(...values);
    };
    return {
      factorCode,
      avg: withValue.length === 0 ? null : withValue.reduce((s, row) => s + (row.value as number), 0) / withValue.length,
      min: extreme((row) => row.min, Math.min),
      max: extreme((row) => row.max, Math.max),
      count: withValue.length,
      valid: valid.length,
      exceedances,
      compliance: valid.length === 0 ? null : (valid.length - exceedances) / valid.length,
    };
  });
}

/** The reports: single station (rollups of the chosen time unit). */
export class ReportService {
  constructor(private readonly repo: ReportRepository) {}

  async singleStation(query: ReportSingleStationQuery): Promise<ReportSingleStation> {
    const { deviceId, timeUnit, beginTime, endTime } = query;
    if (!(await this.repo.deviceExists(deviceId))) throw new DomainError('notFound');
    const [rows, thresholds] = await Promise.all([
      this.repo.rollups(deviceId, timeUnit, beginTime, endTime),
      this.repo.thresholds(deviceId),
    ]);
    const summaries = summarize(rows, thresholds);
    const catalogue = new Map(
      (await this.repo.factors(deviceId, summaries.map((s) => s.factorCode))).map((f) => [f.factorCode, f]),
    );
    const factors: ReportFactorSummary[] = summaries.map((s) => {
      const entry = catalogue.get(s.factorCode);
      return {
        ...s,
        factorName: entry?.factorName ?? null,
        factorNameEn: entry?.factorNameEn ?? null,
        unit: entry?.unit ?? null,
      };
    });
    const periods = new Map<number, Record<string, number | null>>();
    for (const row of rows) periods.set(row.dataTime, { ...periods.get(row.dataTime), [row.factorCode]: row.value });
    return { deviceId, timeUnit, factors, rows: [...periods].map(([dataTime, values]) => ({ dataTime, values })) };
  }
}
