import type {
  DataAuditResult,
  ReportContrast,
  ReportMultiStation,
  ReportSingleStation,
  ReportStandardReport,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.js';
import { COD, D0, DAY, HOUR, type ReportFixture, useReports, values } from './report.test-support.js';

const AUDIT = '/manager/settings/dataAudit/rest';

/**
 * Reports on audited data (issue 19), on station A's COD hours of 1 March 2026 (report.test-support.ts):
 * 10, 20, 30 and 40 (flagged D by the station); threshold > 25.
 */
describe('reports on audited data', () => {
  const { t, fixture, get, exported } = useReports();
  let admin: string;
  let a: number;
  let names: ReportFixture['names'];

  beforeAll(() => {
    ({ admin, a, names } = fixture());
  });

  const hours = { timeUnit: 'hour', beginTime: D0, endTime: D0 + 4 * HOUR };
  const audit = (path: string, payload: unknown) =>
    call<DataAuditResult>(t().app, admin, 'POST', `${AUDIT}/${path}`, { payload });
  const cod = async () => {
    const report = await get<ReportSingleStation>('singleStation', { deviceId: a, ...hours });
    return { report, stats: report.factors.find((f) => f.factorCode === COD) };
  };
  let invalidation: DataAuditResult;
  let replacement: DataAuditResult;

  it('before any audit: the station’s values, nothing audited', async () => {
    const { report, stats } = await cod();
    expect(stats).toMatchObject({ avg: 25, min: 9, max: 41, count: 4, valid: 3, exceedances: 1 });
    expect(report.auditedCount).toBe(0);
    expect(report.rows.every((r) => Object.keys(r.audit).length === 0)).toBe(true);
  });

  it('leaves out a value an audit invalidated', async () => {
    invalidation = await audit('add', {
      deviceId: a,
      kind: 'hour',
      action: 'invalid',
      reason: 'instrumentFault',
      cells: [{ factorCode: COD, dataTime: D0 + HOUR }],
    });
    const { report, stats } = await cod();
    // 10, 30, 40(D): avg 80 / 3, min 9, max 41; valid 10 and 30; > 25: 30 → compliance 1 / 2.
    expect(stats?.avg).toBeCloseTo(80 / 3, 9);
    expect(stats).toMatchObject({ min: 9, max: 41, count: 3, valid: 2, exceedances: 1, compliance: 0.5 });
    expect(report.rows[1]?.values[COD]).toBeNull();
    expect(report.rows[1]?.audit).toEqual({ [COD]: 'invalid' });
    expect(report.auditedCount).toBe(1);
  });

  it('uses a replaced value, as its own lowest and highest', async () => {
    replacement = await audit('add', {
      deviceId: a,
      kind: 'hour',
      action: 'replace',
      reason: 'calibration',
      value: 12,
      cells: [{ factorCode: COD, dataTime: D0 + 2 * HOUR }],
    });
    const { report, stats } = await cod();
    // 10, 12, 40(D): avg 62 / 3, min 9 (10 − 1), max 41; valid 10 and 12; none > 25: compliance 1.
    expect(stats?.avg).toBeCloseTo(62 / 3, 9);
    expect(stats).toMatchObject({ min: 9, max: 41, count: 3, valid: 2, exceedances: 0, compliance: 1 });
    expect(report.rows[2]?.values[COD]).toBe(12);
    expect(report.auditedCount).toBe(2);
    // The day above: its hours 10, 12 and 1000 (4:00) count, 40 is flagged D → 1022 / 3.
    const days = await get<ReportSingleStation>('singleStation', {
      deviceId: a,
      timeUnit: 'day',
      beginTime: D0,
      endTime: D0 + 3 * DAY,
    });
    expect(days.rows[0]?.values[COD]).toBeCloseTo(1022 / 3, 9);
    expect(days.rows[0]?.audit).toEqual({ [COD]: 'recomputed' });
    // Days 1022 / 3, 20 and 30.
    expect(days.factors.find((f) => f.factorCode === COD)?.avg).toBeCloseTo((1022 / 3 + 50) / 3, 9);
    const multi = await get<ReportMultiStation>('multiStation', { deviceIds: `${a}`, factorCodes: COD, ...hours });
    expect(multi.stations[0]?.values[COD]?.avg).toBeCloseTo(62 / 3, 9);
    expect(multi.auditedCount).toBe(2);
    const contrast = await get<ReportContrast>('contrast', {
      mode: 'stations',
      factorCode: COD,
      deviceIds: `${a}`,
      ...hours,
    });
    expect(contrast.series[0]?.stats.avg).toBeCloseTo(62 / 3, 9);
    expect(contrast.auditedCount).toBe(2);
    const radar = await get<ReportStandardReport>('radar', { deviceId: a, factorCodes: COD, ...hours });
    expect(radar.factors[0]?.avg).toBeCloseTo(62 / 3, 9);
    expect(radar.auditedCount).toBe(2);
  });

  it('exports the audit state of each period’s values, and says the report rests on audited data', async () => {
    const workbook = await exported('singleStation', { deviceId: a, ...hours });
    const [summary, data] = workbook.worksheets;
    // Three title lines, the header, three factors, a blank row, the note: the layout stays as without audits.
    expect(values(summary, 4)[0]).toBe('监测因子');
    expect(values(summary, 9)).toEqual(['审核数据：其中 2 个数值经过审核']);
    const header = values(data, 4);
    expect(header.at(-1)).toBe('审核状态');
    const zh = names.get(COD)?.zh;
    expect(data?.getRow(5).getCell(header.length).value).toBeNull();
    expect(values(data, 6).at(-1)).toBe(`${zh}: 无效`);
    expect(values(data, 7).at(-1)).toBe(`${zh}: 已替换`);
    const english = await exported('singleStation', { deviceId: a, ...hours, lang: 'en-US' });
    expect(values(english.worksheets[1], 7).at(-1)).toBe(`${names.get(COD)?.en}: Replaced`);
    const multi = await exported('multiStation', { deviceIds: `${a}`, factorCodes: COD, ...hours });
    expect(values(multi.worksheets[0], 6)).toEqual(['审核数据：其中 2 个数值经过审核']);
  });

  it('counts the value again once the invalidation is revoked', async () => {
    await audit('uninstall', { batchId: invalidation.batchId });
    const { report, stats } = await cod();
    // 10, 20, 12, 40(D): avg 82 / 4, valid 3, none > 25.
    expect(stats).toMatchObject({ avg: 20.5, min: 9, max: 41, count: 4, valid: 3, exceedances: 0, compliance: 1 });
    expect(report.auditedCount).toBe(1);
  });

  it('is the station’s report again once the replacement is revoked', async () => {
    await audit('uninstall', { ids: [replacement.batchId] });
    const { report, stats } = await cod();
    expect(stats).toMatchObject({ avg: 25, min: 9, max: 41, count: 4, valid: 3, exceedances: 1 });
    expect(report.auditedCount).toBe(0);
    const days = await get<ReportSingleStation>('singleStation', {
      deviceId: a,
      timeUnit: 'day',
      beginTime: D0,
      endTime: D0 + 3 * DAY,
    });
    expect(days.rows.map((r) => r.values[COD])).toEqual([10, 20, 30]);
  });
});
