import type { ReportMultiStation, ReportSingleStation } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { COD, D0, DO, HOUR, PH, type ReportFixture, useReports, values } from './report.test-support.js';

describe('reports', () => {
  const { fixture, get, exported } = useReports();
  let a: number;
  let b: number;
  let names: ReportFixture['names'];

  beforeAll(() => {
    ({ a, b, names } = fixture());
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
});
