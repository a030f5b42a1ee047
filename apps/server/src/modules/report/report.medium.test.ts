import {
  DEPLOY_TYPE,
  type ExportLink,
  type ReportContrast,
  type ReportMultiStation,
  type ReportSingleStation,
  type ReportStandardReport,
} from '@envmon/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasurementKind, MeasurementsTable } from '../../db/schema.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const REST = '/data/report/rest';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-03-01 00:00 Beijing time (UTC+8), the stations' calendar. */
const D0 = Date.UTC(2026, 1, 28, 16);
/** 2025-03-01 00:00 Beijing time. */
const LAST_YEAR = Date.UTC(2025, 1, 28, 16);
const COD = 'w01018';
const DO = 'w01009';
const PH = 'w01001';
const REPORT_CODES = [
  'report.single-station',
  'report.multi-station',
  'report.contrast',
  'report.factor-bar',
  'report.radar',
];

describe('reports', () => {
  const t = useTestApp();
  let admin: string;
  let bound: string;
  let projectA: number;
  let projectB: number;
  let a: number;
  let b: number;
  let c: number;
  const names = new Map<string, { zh: string; en: string; unit: string | null }>();

  const row = (
    deviceId: number,
    kind: MeasurementKind,
    dataTime: number,
    factorCode: string,
    value: number,
    extra: Partial<MeasurementsTable> = {},
  ): MeasurementsTable => ({
    deviceId,
    kind,
    dataTime,
    factorCode,
    value,
    min: value - 1,
    max: value + 1,
    cou: null,
    flag: 'N',
    quality: 'N',
    receivedAt: D0,
    ...extra,
  });

  const get = <T>(path: string, params: Record<string, string | number>, token = admin) =>
    call<T>(t().app, token, 'GET', `${REST}/${path}`, {
      query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    });

  const raw = (path: string, params: Record<string, string | number>, token = admin) =>
    t().app.inject({
      method: 'GET',
      url: `${REST}/${path}`,
      query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      headers: { token },
    });

  /** Both export steps; the workbook read back. */
  async function exported(path: string, params: Record<string, string | number>): Promise<ExcelJS.Workbook> {
    const link = await get<ExportLink>(`${path}/export`, { ...params, exportSpecialFlag: 1 });
    expect(link.url.startsWith(`${REST}/${path}/export/download?`)).toBe(true);
    const response = await t().app.inject({ method: 'GET', url: link.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    return workbook;
  }

  const values = (sheet: ExcelJS.Worksheet | undefined, rowNumber: number) =>
    ((sheet?.getRow(rowNumber).values as unknown[] | undefined) ?? []).slice(1);

  async function project(deployName: string): Promise<number> {
    const { id } = await query(t(), (db) =>
      db
        .insertInto('deployClassify')
        .values({ deployName, deployNameEn: null, deployType: DEPLOY_TYPE.project, createTime: D0 })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return id;
  }

  async function deviceIn(code: string, projectId: number): Promise<number> {
    const id = await insertDevice(t(), code);
    await query(t(), (db) =>
      db.updateTable('devices').set({ projectId, utcOffsetMinutes: 480 }).where('id', '=', id).execute(),
    );
    return id;
  }

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    projectA = await project('报表项目A');
    projectB = await project('报表项目B');
    a = await deviceIn('RP-A', projectA);
    b = await deviceIn('RP-B', projectA);
    c = await deviceIn('RP-C', projectB);
    bound = await userWith(t(), admin, 'rp-bound', REPORT_CODES, ['RP-A']);
    await query(t(), async (db) => {
      for (const f of await db
        .selectFrom('factors')
        .select(['factorCode', 'factorName', 'factorNameEn', 'unit'])
        .where('factorCode', 'in', [COD, DO, PH])
        .execute()) {
        names.set(f.factorCode, { zh: f.factorName, en: f.factorNameEn, unit: f.unit });
      }
      await db
        .insertInto('measurements')
        .values([
          // Station A, hours 0–3 of 1 March.
          row(a, 'hour', D0, COD, 10),
          row(a, 'hour', D0 + HOUR, COD, 20),
          row(a, 'hour', D0 + 2 * HOUR, COD, 30),
          row(a, 'hour', D0 + 3 * HOUR, COD, 40, { flag: 'D' }),
          row(a, 'hour', D0, DO, 6, { min: null, max: null }),
          // Sent without a flag: HJ 212 leaves it optional, so it counts as N.
          row(a, 'hour', D0 + HOUR, DO, 2, { min: null, max: null, flag: null }),
          row(a, 'hour', D0, PH, 7.5),
          row(a, 'hour', D0 + HOUR, PH, 9.5, { quality: 'SH4' }),
          // Outside [D0, D0 + 4 h): ignored.
          row(a, 'hour', D0 + 4 * HOUR, COD, 1000),
          row(a, 'hour', D0 - HOUR, COD, 1000),
          // Station B, hours 0–1.
          row(b, 'hour', D0, COD, 50),
          row(b, 'hour', D0 + HOUR, COD, 70),
          // No oxygen at all: below any lower limit, with no finite ratio to it.
          row(b, 'hour', D0, DO, 0),
          // Station C (project B).
          row(c, 'hour', D0, COD, 5),
          // Station A's days: this period (1–3 March), the previous one (26–28 February), last year's (1–3 March 2025).
          row(a, 'day', D0, COD, 10),
          row(a, 'day', D0 + DAY, COD, 20),
          row(a, 'day', D0 + 2 * DAY, COD, 30),
          row(a, 'day', D0 - 3 * DAY, COD, 40),
          row(a, 'day', D0 - DAY, COD, 50),
          row(a, 'day', LAST_YEAR, COD, 16),
          row(a, 'day', LAST_YEAR + 2 * DAY, COD, 8),
          // Station A's months (January and February 2026), as the platform keeps them: no station flag.
          row(a, 'month', Date.UTC(2025, 11, 31, 16), COD, 12, { flag: null }),
          row(a, 'month', Date.UTC(2026, 0, 31, 16), COD, 28, { flag: null }),
          // Outside every compared period: 25 February 2026 and 4 March 2025.
          row(a, 'day', D0 - 4 * DAY, COD, 999),
          row(a, 'day', LAST_YEAR + 3 * DAY, COD, 999),
        ])
        .execute();
      const threshold = (deviceId: number, factorCode: string, operator: number, limit1: number, limit2?: number) => ({
        deviceId,
        factorCode,
        overflowType: 0,
        operator,
        limit1,
        limit2: limit2 ?? null,
        limitId: null,
        alarmLevel: 1,
        enabled: 1,
        updateTime: D0,
      });
      await db
        .insertInto('thresholds')
        .values([
          threshold(a, COD, 1, 25),
          threshold(a, DO, 2, 5),
          threshold(a, PH, 5, 6, 9),
          // Disabled: never counted.
          { ...threshold(b, COD, 1, 5), enabled: 0 },
          threshold(b, DO, 2, 5),
        ])
        .execute();
    });
  });

  const hours = { timeUnit: 'hour', beginTime: D0, endTime: D0 + 4 * HOUR };

  describe('single station', () => {
    it('summarizes each factor against its thresholds, with the per-period rows', async () => {
      const report = await get<ReportSingleStation>('singleStation', { deviceId: a, ...hours });
      const byCode = new Map(report.factors.map((f) => [f.factorCode, f]));
      // COD 10, 20, 30, 40(D): avg 100 / 4 = 25, min 10 − 1 = 9, max 40 + 1 = 41; valid: the three N ones;
      // exceedances (> 25) among valid: 30 → 1; compliance (3 − 1) / 3.
      expect(byCode.get(COD)).toMatchObject({ avg: 25, min: 9, max: 41, count: 4, valid: 3, exceedances: 1 });
      expect(byCode.get(COD)?.compliance).toBeCloseTo(2 / 3);
      expect(byCode.get(COD)?.unit).toBe(names.get(COD)?.unit);
      // DO 6, 2 (no flag: N) without min/max: avg 4, min 2, max 6; both valid; < 5: 2 → 1 of 2; compliance 1 / 2.
      expect(byCode.get(DO)).toMatchObject({ avg: 4, min: 2, max: 6, valid: 2, exceedances: 1, compliance: 0.5 });
      // pH 7.5, 9.5 (SH4, not valid): avg 8.5; the only valid value 7.5 is inside (6, 9): no exceedance.
      expect(byCode.get(PH)).toMatchObject({ avg: 8.5, count: 2, valid: 1, exceedances: 0, compliance: 1 });
      expect(report.device).toEqual({ deviceId: a, deviceName: 'Station RP-A', mn: 'RP-A', utcOffsetMinutes: 480 });
      expect(report.rows.map((r) => r.dataTime)).toEqual([D0, D0 + HOUR, D0 + 2 * HOUR, D0 + 3 * HOUR]);
      expect(report.rows.map((r) => r.values[COD])).toEqual([10, 20, 30, 40]);
      expect(report.rows[1]?.values).toEqual({ [COD]: 20, [DO]: 2, [PH]: 9.5 });
    });

    it('counts the platform’s month values (no station flag) as valid', async () => {
      const report = await get<ReportSingleStation>('singleStation', {
        deviceId: a,
        timeUnit: 'month',
        beginTime: Date.UTC(2025, 11, 31, 16),
        endTime: D0,
      });
      // January 12, February 28: avg 20, min 11, max 29; both valid; > 25: 28 → 1; compliance 1 / 2.
      expect(report.factors).toEqual([
        expect.objectContaining({
          factorCode: COD,
          avg: 20,
          min: 11,
          max: 29,
          valid: 2,
          exceedances: 1,
          compliance: 0.5,
        }),
      ]);
      expect(report.rows.map((r) => r.dataTime)).toEqual([Date.UTC(2025, 11, 31, 16), Date.UTC(2026, 0, 31, 16)]);
    });

    it('exports the statistics and the period rows with the screen’s columns', async () => {
      const workbook = await exported('singleStation', { deviceId: a, ...hours });
      const [summary, data] = workbook.worksheets;
      expect(summary?.name).toBe('统计');
      // Three title lines (report, station, period), then the header.
      expect(values(summary, 2)).toEqual(['Station RP-A (MN RP-A)']);
      expect(String(values(summary, 3)[0])).toMatch(/^2026-03-01 00:00.*（UTC\+08:00）/);
      expect(values(summary, 4)).toEqual([
        '监测因子',
        '单位',
        '平均值',
        '最小值',
        '最大值',
        '有效数',
        '超标次数',
        '达标率(%)',
      ]);
      const cod = [5, 6, 7].map((n) => values(summary, n)).find((r) => r[0] === names.get(COD)?.zh);
      // Compliance 2 / 3 = 66.67 %.
      expect(cod).toEqual([names.get(COD)?.zh, names.get(COD)?.unit, 25, 9, 41, 3, 1, 66.67]);
      expect(data?.name).toBe('数据');
      const header = values(data, 4);
      // A file has no reader's zone: the station's is named.
      expect(header.slice(0, 3)).toEqual(['设备名称', 'MN', '数据时间（UTC+08:00）']);
      const codColumn = header.indexOf(`${names.get(COD)?.zh} (${names.get(COD)?.unit})`);
      expect(codColumn).toBeGreaterThan(2);
      const first = values(data, 5);
      expect(first.slice(0, 3)).toEqual(['Station RP-A', 'RP-A', '2026-03-01 00:00']);
      expect(first[codColumn]).toBe(10);
      expect(values(data, 8).slice(2, 3)).toEqual(['2026-03-01 03:00']);
    });

    it('writes English headers when the console is in English', async () => {
      const workbook = await exported('singleStation', { deviceId: a, ...hours, lang: 'en-US' });
      expect(workbook.worksheets[0]?.name).toBe('Summary');
      expect(values(workbook.worksheets[0], 4).slice(0, 3)).toEqual(['Factor', 'Unit', 'Average']);
    });
  });

  describe('multi-station', () => {
    it('gives each asked station the chosen factors’ statistics, in the order asked', async () => {
      const report = await get<ReportMultiStation>('multiStation', {
        deviceIds: `${b},${a}`,
        factorCodes: COD,
        ...hours,
      });
      expect(report.factors.map((f) => f.factorCode)).toEqual([COD]);
      expect(report.stations.map((s) => s.device.deviceId)).toEqual([b, a]);
      // B: 50, 70 → avg 60, min 49, max 71, no thresholds: compliance 1.
      expect(report.stations[0]?.values[COD]).toEqual({
        avg: 60,
        min: 49,
        max: 71,
        count: 2,
        valid: 2,
        exceedances: 0,
        compliance: 1,
      });
      expect(report.stations[1]?.values[COD]).toMatchObject({ avg: 25, exceedances: 1 });
      expect(report.stations[1]?.values[DO]).toBeUndefined();
    });

    it('takes every factor with values when none is chosen', async () => {
      const report = await get<ReportMultiStation>('multiStation', { deviceIds: `${a}`, ...hours });
      expect(report.factors.map((f) => f.factorCode).sort()).toEqual([DO, PH, COD].sort());
    });

    it('exports deviceName, MN and each factor’s avg, min and max', async () => {
      const workbook = await exported('multiStation', { deviceIds: `${b},${a}`, factorCodes: COD, ...hours });
      const sheet = workbook.worksheets[0];
      const label = `${names.get(COD)?.zh} (${names.get(COD)?.unit})`;
      expect(values(sheet, 3)).toEqual(['设备名称', 'MN', `${label} 平均值`, `${label} 最小值`, `${label} 最大值`]);
      expect(values(sheet, 4)).toEqual(['Station RP-B', 'RP-B', 60, 49, 71]);
      expect(values(sheet, 5)).toEqual(['Station RP-A', 'RP-A', 25, 9, 41]);
    });
  });

  describe('contrast', () => {
    it('lines stations up period by period', async () => {
      const report = await get<ReportContrast>('contrast', {
        mode: 'stations',
        factorCode: COD,
        deviceIds: `${a},${b}`,
        ...hours,
      });
      expect(report.series.map((s) => [s.key, s.stats.avg])).toEqual([
        [`device-${a}`, 25],
        [`device-${b}`, 60],
      ]);
      expect(report.rows).toEqual([
        { slot: 0, dataTime: D0, values: { [`device-${a}`]: 10, [`device-${b}`]: 50 } },
        { slot: 1, dataTime: D0 + HOUR, values: { [`device-${a}`]: 20, [`device-${b}`]: 70 } },
        { slot: 2, dataTime: D0 + 2 * HOUR, values: { [`device-${a}`]: 30 } },
        { slot: 3, dataTime: D0 + 3 * HOUR, values: { [`device-${a}`]: 40 } },
      ]);
    });

    it('compares a station with the previous period and the same period last year', async () => {
      const report = await get<ReportContrast>('contrast', {
        mode: 'periods',
        factorCode: COD,
        deviceIds: `${a}`,
        timeUnit: 'day',
        beginTime: D0,
        endTime: D0 + 3 * DAY,
      });
      // This period 1–3 March: 10, 20, 30 → avg 20. Previous (3 days before, 26–28 Feb): 40, 50 → avg 45.
      // Last year (1–3 March 2025): 16, 8 → avg 12. The 999s lie outside every period.
      expect(report.series.map((s) => [s.period, s.beginTime, s.endTime, s.stats.avg])).toEqual([
        ['current', D0, D0 + 3 * DAY, 20],
        ['previous', D0 - 3 * DAY, D0, 45],
        ['lastYear', LAST_YEAR, LAST_YEAR + 3 * DAY, 12],
      ]);
      expect(report.rows).toEqual([
        { slot: 0, dataTime: D0, values: { current: 10, previous: 40, lastYear: 16 } },
        { slot: 1, dataTime: D0 + DAY, values: { current: 20 } },
        { slot: 2, dataTime: D0 + 2 * DAY, values: { current: 30, previous: 50, lastYear: 8 } },
      ]);
    });

    it('exports the series with this period’s change, and the values by day', async () => {
      const workbook = await exported('contrast', {
        mode: 'periods',
        factorCode: COD,
        deviceIds: `${a}`,
        timeUnit: 'day',
        beginTime: D0,
        endTime: D0 + 3 * DAY,
      });
      const [summary, data] = workbook.worksheets;
      expect(values(summary, 4)).toEqual([
        '对比项',
        '开始时间（UTC+08:00）',
        '结束时间（UTC+08:00）',
        '平均值',
        '最小值',
        '最大值',
        '有效数',
        '超标次数',
        '达标率(%)',
        '本期变化率(%)',
      ]);
      // Change of this period: (20 − 45) / 45 = −55.56 %, (20 − 12) / 12 = 66.67 %.
      expect(values(summary, 5).slice(0, 4)).toEqual(['本期', '2026-03-01 00:00', '2026-03-04 00:00', 20]);
      expect(values(summary, 5)[9]).toBeUndefined();
      expect(values(summary, 6)[0]).toBe('上期');
      expect(values(summary, 6)[9]).toBe(-55.56);
      expect(values(summary, 7).slice(0, 2)).toEqual(['去年同期', '2025-03-01 00:00']);
      expect(values(summary, 7)[9]).toBe(66.67);
      const unit = names.get(COD)?.unit;
      expect(values(data, 4)).toEqual(['数据时间（UTC+08:00）', `本期 (${unit})`, `上期 (${unit})`, `去年同期 (${unit})`]);
      expect(values(data, 5)).toEqual(['2026-03-01', 10, 40, 16]);
    });
  });

  describe('standards (factor bar and radar)', () => {
    it('relates each average to the device’s threshold', async () => {
      const report = await get<ReportStandardReport>('radar', { deviceId: a, ...hours });
      const byCode = new Map(report.factors.map((f) => [f.factorCode, f]));
      expect(report.standard).toBe('threshold');
      // COD avg 25 against > 25: upper limit, ratio 25 / 25 = 1, not broken (25 is not > 25).
      expect(byCode.get(COD)).toMatchObject({
        limit: { direction: 'upper', limit1: 25, limit2: null },
        ratio: 1,
        exceeded: false,
      });
      // DO avg 4 against < 5: a lower limit, so the ratio is limit / value = 5 / 4 = 1.25 (worse than the standard), broken.
      expect(byCode.get(DO)).toMatchObject({ limit: { direction: 'lower', limit1: 5 }, ratio: 1.25, exceeded: true });
      // pH avg 8.5 against not in (6, 9): range, |8.5 − 7.5| / 1.5 = 0.667, not broken.
      expect(byCode.get(PH)?.limit).toEqual({ direction: 'range', limit1: 6, limit2: 9 });
      expect(byCode.get(PH)?.ratio).toBeCloseTo(2 / 3);
      expect(byCode.get(PH)?.exceeded).toBe(false);
    });

    it('relates each average to a surface-water class limit', async () => {
      const report = await get<ReportStandardReport>('factorBar', {
        deviceId: a,
        ...hours,
        standard: 'waterClass',
        waterClass: 3,
      });
      const byCode = new Map(report.factors.map((f) => [f.factorCode, f]));
      // Class III (GB 3838): COD ≤ 20 → 25 / 20 = 1.25, broken; DO ≥ 5 → 5 / 4 = 1.25, broken; pH 6–9 → 0.667.
      expect(byCode.get(COD)).toMatchObject({ limit: { direction: 'upper', limit1: 20 }, ratio: 1.25, exceeded: true });
      expect(byCode.get(DO)).toMatchObject({ limit: { direction: 'lower', limit1: 5 }, ratio: 1.25, exceeded: true });
      expect(byCode.get(PH)?.ratio).toBeCloseTo(2 / 3);
      const classTwo = await get<ReportStandardReport>('factorBar', {
        deviceId: a,
        ...hours,
        standard: 'waterClass',
        waterClass: 2,
        factorCodes: `${COD},${DO}`,
      });
      // Class II: COD ≤ 15 → 25 / 15; DO ≥ 6 → 6 / 4 = 1.5.
      expect(classTwo.factors.map((f) => f.factorCode).sort()).toEqual([COD, DO].sort());
      expect(classTwo.factors.find((f) => f.factorCode === COD)?.ratio).toBeCloseTo(25 / 15);
      expect(classTwo.factors.find((f) => f.factorCode === DO)?.ratio).toBe(1.5);
    });

    it('says a factor without a standard has none, and a lower limit over a zero value has no ratio', async () => {
      const report = await get<ReportStandardReport>('radar', { deviceId: b, ...hours });
      const byCode = new Map(report.factors.map((f) => [f.factorCode, f]));
      // B's COD threshold is disabled: no standard.
      expect(byCode.get(COD)).toMatchObject({ limit: null, ratio: null, exceeded: null });
      // DO 0 against < 5: limit / value has no finite value; the standard is broken all the same.
      expect(byCode.get(DO)).toMatchObject({
        avg: 0,
        limit: { direction: 'lower', limit1: 5 },
        ratio: null,
        exceeded: true,
      });
    });

    it('exports factor, unit, average, min, max, limit, ratio and exceeded', async () => {
      const workbook = await exported('radar', { deviceId: a, ...hours, standard: 'waterClass', waterClass: 3 });
      const sheet = workbook.worksheets[0];
      expect(values(sheet, 4)).toEqual([
        '监测因子',
        '单位',
        '平均值',
        '最小值',
        '最大值',
        '标准限值',
        '占标率(%)',
        '是否超标',
      ]);
      const rows = [5, 6, 7].map((n) => values(sheet, n));
      expect(rows.find((r) => r[0] === names.get(COD)?.zh)).toEqual([
        names.get(COD)?.zh,
        names.get(COD)?.unit,
        25,
        9,
        41,
        '≤ 20',
        125,
        '是',
      ]);
      expect(rows.find((r) => r[0] === names.get(DO)?.zh)?.slice(5)).toEqual(['≥ 5', 125, '是']);
      const bar = await exported('factorBar', { deviceId: a, ...hours });
      expect(values(bar.worksheets[0], 1)).toEqual(['单设备因子柱状图 · 报警阈值']);
    });
  });

  describe('scope and validation', () => {
    it('keeps to the project chosen and, with ifFilter=1, the caller’s bound devices', async () => {
      const params = { deviceId: a, ...hours };
      expect((await get<ReportSingleStation>('singleStation', { ...params, projectId: projectA })).deviceId).toBe(a);
      const outside = body(await raw('singleStation', { ...params, projectId: projectB }));
      expect(outside).toMatchObject({ status: -1, desc: '数据不存在！' });
      expect((await get<ReportSingleStation>('singleStation', { ...params, ifFilter: 1 }, bound)).deviceId).toBe(a);
      const unbound = body(await raw('radar', { deviceId: b, ...hours, ifFilter: 1 }, bound));
      expect(unbound.status).toBe(-1);
      const mixed = body(await raw('multiStation', { deviceIds: `${a},${c}`, ...hours, projectId: projectA }));
      expect(mixed.status).toBe(-1);
      const contrast = body(
        await raw(
          'contrast',
          { mode: 'stations', factorCode: COD, deviceIds: `${a},${b}`, ...hours, ifFilter: 1 },
          bound,
        ),
      );
      expect(contrast.status).toBe(-1);
      // An export refuses the same way, before any file.
      const link = await get<ExportLink>(
        'singleStation/export',
        { ...params, projectId: projectB, exportSpecialFlag: 1 },
        admin,
      );
      const download = await t().app.inject({ method: 'GET', url: link.url });
      expect(body(download).status).toBe(-1);
    });

    it.each([
      ['an end before the beginning', 'singleStation', { deviceId: 1, timeUnit: 'hour', beginTime: D0, endTime: D0 }],
      ['more than 31 days of hours', 'radar', { deviceId: 1, timeUnit: 'hour', beginTime: D0, endTime: D0 + 32 * DAY }],
      ['no station', 'multiStation', { timeUnit: 'day', beginTime: D0, endTime: D0 + DAY }],
      [
        'two stations for a period contrast',
        'contrast',
        { mode: 'periods', factorCode: COD, deviceIds: '1,2', timeUnit: 'day', beginTime: D0, endTime: D0 + DAY },
      ],
      ['an unknown unit', 'singleStation', { deviceId: 1, timeUnit: 'week', beginTime: D0, endTime: D0 + DAY }],
      [
        'a water class beyond V',
        'factorBar',
        { deviceId: 1, timeUnit: 'day', beginTime: D0, endTime: D0 + DAY, standard: 'waterClass', waterClass: 6 },
      ],
    ])('refuses %s', async (_name, path, params) => {
      const response = await raw(path, params);
      expect(response.statusCode).toBe(400);
      expect(body(response).desc).toMatch(/^参数错误！/);
    });

    it('refuses callers without a session (401) or without the report resource (403)', async () => {
      const url = `${REST}/singleStation?deviceId=${a}&timeUnit=hour&beginTime=0&endTime=1`;
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const other = await userWith(t(), admin, 'rp-none', ['system.device']);
      for (const path of ['singleStation', 'multiStation', 'contrast', 'factorBar', 'radar']) {
        const response = await t().app.inject({
          method: 'GET',
          url: `${REST}/${path}?deviceId=${a}&timeUnit=hour&beginTime=0&endTime=1`,
          headers: { token: other },
        });
        expect(response.statusCode).toBe(403);
      }
    });
  });
});
