import type { SummaryReport } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, MAR1, useStatistics } from './statistics.test-support.js';

describe('statistics reports', () => {
  const { get, inject, download, at, fixture } = useStatistics();
  let project: number;
  let a: number;
  let c: number;

  beforeAll(() => {
    ({ project, a, c } = fixture());
  });

  describe('summaries', () => {
    it('summarizes a month from the day values of the station month', async () => {
      const report = await get<SummaryReport>('summary', { timeUnit: 'month', date: '2026-03-15', projectId: project });
      expect(report).toMatchObject({ timeUnit: 'month', period: '2026-03', projectName: '东江项目' });
      // TS01 days 10, 20, 30, 40 (D), 50 (03-31); 04-01 (60) is the next station month although still March in UTC.
      // avg (10+20+30+40+50)/5 = 30; min 10−1 = 9; max 50+1 = 51; valid 4; exceedances (> 25, valid) 30, 50 → 2;
      // compliance (4 − 2)/4 = 0.5; completeness 5/31. TS02 configured but no day value: listed empty.
      const ofA = report.rows.filter((r) => r.deviceId === a);
      expect(ofA).toEqual([
        expect.objectContaining({
          factorCode: 'TS01',
          factorName: '化学需氧量',
          unit: 'mg/L',
          decimals: 1,
          avg: 30,
          min: 9,
          max: 51,
          count: 5,
          valid: 4,
          exceedances: 2,
          compliance: 0.5,
          expected: 31,
        }),
        expect.objectContaining({
          factorCode: 'TS02',
          avg: null,
          count: 0,
          valid: 0,
          exceedances: 0,
          compliance: null,
          expected: 31,
          completeness: 0,
        }),
      ]);
      expect(ofA[0]?.completeness).toBeCloseTo(5 / 31);
      // Device C is not in the project.
      expect(report.rows.some((r) => r.deviceId === c)).toBe(false);
    });

    it('measures the completeness of the current month against the days ended so far', async () => {
      // The server's clock at Beijing 2026-03-10 12:00: nine days of March have ended (03-01 – 03-09).
      const report = await at(MAR1 + 9.5 * DAY, () =>
        get<SummaryReport>('summary', { timeUnit: 'month', date: '2026-03-15', projectId: project }),
      );
      // TS01: 5 day values (03-01 – 03-04, and 03-31 ahead of the clock), of the 9 days ended: 5/9.
      const [ts01, ts02] = report.rows.filter((r) => r.deviceId === a);
      expect(ts01).toMatchObject({ factorCode: 'TS01', count: 5, expected: 9 });
      expect(ts01?.completeness).toBeCloseTo(5 / 9);
      expect(ts02).toMatchObject({ factorCode: 'TS02', count: 0, expected: 9, completeness: 0 });
    });

    it('summarizes a day from its hour values', async () => {
      const report = await get<SummaryReport>('summary', { timeUnit: 'day', date: '2026-03-01', projectId: project });
      const ts01 = report.rows.find((r) => r.deviceId === a && r.factorCode === 'TS01');
      // TS01 = 2h for h = 0–18 and 23: sum 2·(171 + 23) = 388 over 20 → avg 19.4; min 0, max 46;
      // valid 19 (hour 6 SH1); > 25 among valid: h = 13–18 and 23 → 7; compliance 12/19; completeness 20/24.
      expect(ts01).toMatchObject({ count: 20, valid: 19, exceedances: 7, min: 0, max: 46, expected: 24 });
      expect(ts01?.avg).toBeCloseTo(19.4);
      expect(ts01?.compliance).toBeCloseTo(12 / 19);
      expect(ts01?.completeness).toBeCloseTo(20 / 24);
      // TS02: 20 values of 100, hour 5 flagged D → valid 19; its only threshold is disabled → no exceedance, compliance 1.
      expect(report.rows.find((r) => r.deviceId === a && r.factorCode === 'TS02')).toMatchObject({
        avg: 100,
        count: 20,
        valid: 19,
        exceedances: 0,
        compliance: 1,
      });
    });

    it('summarizes a year from its day values', async () => {
      const report = await get<SummaryReport>('summary', { timeUnit: 'year', date: '2026-01-01', projectId: project });
      const ts01 = report.rows.find((r) => r.deviceId === a && r.factorCode === 'TS01');
      // Days 10, 20, 30, 40 (D), 50, 60: avg 210/6 = 35; valid 5; > 25: 30, 50, 60 → 3; compliance 2/5; 6/365 days.
      expect(ts01).toMatchObject({
        avg: 35,
        min: 9,
        max: 61,
        count: 6,
        valid: 5,
        exceedances: 3,
        compliance: 0.4,
        expected: 365,
      });
      expect(ts01?.completeness).toBeCloseTo(6 / 365);
      expect(report.period).toBe('2026');
    });

    it('refuses an unknown unit or a malformed date', async () => {
      expect((await inject('summary', { timeUnit: 'week', date: '2026-03-01' })).statusCode).toBe(400);
      expect((await inject('summary', { timeUnit: 'day', date: '2026-13-01' })).statusCode).toBe(400);
      expect((await inject('summary', { timeUnit: 'day', date: '2026-02-30' })).statusCode).toBe(400);
    });

    it('exports a table ready to hand in: title with project and period, values at the factor decimals', async () => {
      const sheet = await download('summary', { timeUnit: 'month', date: '2026-03-01', projectId: project });
      expect(sheet.getRow(1).getCell(1).value).toBe('东江项目 月汇总报表');
      expect(sheet.getRow(2).getCell(1).value).toBe('统计时段：2026-03');
      expect(sheet.getRow(3).getCell(12).value).toBe('达标率(%)');
      // 5/31 = 16.13 %.
      expect(sheet.getRow(4).values).toEqual([
        undefined,
        1,
        'Station ST-A',
        'ST-A',
        '化学需氧量',
        'mg/L',
        30,
        9,
        51,
        5,
        4,
        2,
        50,
        31,
        16.13,
      ]);
    });

    it('exports English headers when asked', async () => {
      const sheet = await download('summary', {
        timeUnit: 'month',
        date: '2026-03-01',
        projectId: project,
        lang: 'en-US',
      });
      expect(sheet.getRow(1).getCell(1).value).toBe('Dongjiang Monthly summary');
      expect(sheet.getRow(3).getCell(4).value).toBe('Factor');
      expect(sheet.getRow(4).getCell(4).value).toBe('TS01 en');
    });
  });
});
