import type { ReportContrast, ReportStandardReport } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COD,
  D0,
  DAY,
  DO,
  HOUR,
  LAST_YEAR,
  PH,
  type ReportFixture,
  useReports,
  values,
} from './report.test-support.js';

describe('reports', () => {
  const { fixture, get, exported } = useReports();
  let a: number;
  let b: number;
  let names: ReportFixture['names'];

  beforeAll(() => {
    ({ a, b, names } = fixture());
  });

  const hours = { timeUnit: 'hour', beginTime: D0, endTime: D0 + 4 * HOUR };

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
      expect(values(data, 4)).toEqual([
        '数据时间（UTC+08:00）',
        `本期 (${unit})`,
        `上期 (${unit})`,
        `去年同期 (${unit})`,
      ]);
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
});
