import type { SummaryReport, TransmissionReport } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../test/harness.js';
import { userWith } from '../deploy/device-panel.test-support.js';
import { DAY, HOUR, MAR1, useStatistics } from './statistics.test-support.js';

describe('statistics reports', () => {
  const { t, get, inject, download, at, fixture } = useStatistics();
  let admin: string;
  let project: number;
  let a: number;
  let b: number;
  let c: number;
  let rose: number;
  let utc: number;
  let utcProject: number;

  beforeAll(() => {
    ({ admin, project, a, b, c, rose, utc, utcProject } = fixture());
  });

  describe('transmission', () => {
    const twoDays = { beginDate: '2026-03-01', endDate: '2026-03-02' };

    it('counts distinct hour data times per station day against 24, with valid and below-threshold days', async () => {
      const report = await get<TransmissionReport>('transmission', { ...twoDays, projectId: project });
      expect(report.devices.map((d) => d.deviceId)).toEqual([a, b, rose]);
      const ofA = report.days.filter((d) => d.deviceId === a);
      // 03-01: 20 data times of 24 → 20/24; valid: all but hour 5 (TS02 flag D) and hour 6 (TS01 SH1) → 18/20 = 0.9.
      // Below 90 %: 0.8333 < 0.9 → yes. 03-02: 24/24, 24/24 → not below.
      expect(ofA).toEqual([
        {
          deviceId: a,
          date: '2026-03-01',
          expected: 24,
          received: 20,
          valid: 18,
          transmissionRate: 20 / 24,
          validRate: 0.9,
          below: true,
        },
        {
          deviceId: a,
          date: '2026-03-02',
          expected: 24,
          received: 24,
          valid: 24,
          transmissionRate: 1,
          validRate: 1,
          below: false,
        },
      ]);
      // Totals: 48 expected, 44 received, 42 valid → 44/48, 42/44; one day below.
      const totalA = report.devices.find((d) => d.deviceId === a);
      expect(totalA).toMatchObject({ expected: 48, received: 44, valid: 42, daysBelow: 1, deviceCode: 'ST-A' });
      expect(totalA?.transmissionRate).toBeCloseTo(44 / 48);
      expect(totalA?.validRate).toBeCloseTo(42 / 44);
      // Device B sent nothing: both days listed at 0, valid rate unknown.
      expect(report.days.filter((d) => d.deviceId === b)).toEqual([
        {
          deviceId: b,
          date: '2026-03-01',
          expected: 24,
          received: 0,
          valid: 0,
          transmissionRate: 0,
          validRate: null,
          below: true,
        },
        {
          deviceId: b,
          date: '2026-03-02',
          expected: 24,
          received: 0,
          valid: 0,
          transmissionRate: 0,
          validRate: null,
          below: true,
        },
      ]);
    });

    it('expects only the periods that have ended: today its past hours, days to come not at all', async () => {
      // The server's clock at Beijing 2026-03-02 05:30: five hours of 03-02 have ended (00–04), 03-03 has not begun.
      const report = await at(MAR1 + DAY + 5.5 * HOUR, () =>
        get<TransmissionReport>('transmission', { beginDate: '2026-03-01', endDate: '2026-03-03', projectId: project }),
      );
      // Device B sent nothing: 24 expected on 03-01, 5 on 03-02, 03-03 not listed; 29 in all.
      expect(report.days.filter((d) => d.deviceId === b).map((d) => [d.date, d.expected])).toEqual([
        ['2026-03-01', 24],
        ['2026-03-02', 5],
      ]);
      expect(report.devices.find((d) => d.deviceId === b)).toMatchObject({ expected: 29, received: 0, daysBelow: 2 });
      // Device A sent all 24 hours of 03-02 (a clock ahead of the server's): never fewer expected than received.
      expect(report.days.find((d) => d.deviceId === a && d.date === '2026-03-02')).toMatchObject({
        expected: 24,
        received: 24,
        transmissionRate: 1,
      });
      expect(report.devices.find((d) => d.deviceId === a)).toMatchObject({ expected: 48, received: 44 });
    });

    it('takes the threshold from the query: at 80 % the first day is no longer below', async () => {
      const report = await get<TransmissionReport>('transmission', { ...twoDays, deviceId: a, threshold: 80 });
      expect(report.days.map((d) => d.below)).toEqual([false, false]);
      expect(report.devices[0]?.daysBelow).toBe(0);
    });

    it('counts minute data against one period per report interval, at least a minute', async () => {
      const report = await get<TransmissionReport>('transmission', {
        beginDate: '2026-03-01',
        endDate: '2026-03-01',
        projectId: project,
        timeUnit: 'min',
      });
      // A: interval 60 s → 86400 / 60 = 1440 expected, 3 minute data times received. B: 600 s → 144.
      expect(report.days.find((d) => d.deviceId === a)).toMatchObject({ expected: 1440, received: 3, valid: 3 });
      expect(report.days.find((d) => d.deviceId === a)?.transmissionRate).toBeCloseTo(3 / 1440);
      expect(report.days.find((d) => d.deviceId === b)).toMatchObject({ expected: 144, received: 0 });
    });

    it('keeps to the devices bound to the caller with ifFilter=1, and refuses bad ranges and other callers', async () => {
      const bound = await userWith(t(), admin, 'stat-bound', ['report.transmission'], ['ST-A']);
      const report = await get<TransmissionReport>('transmission', { ...twoDays, ifFilter: 1 }, bound);
      expect(report.devices.map((d) => d.deviceId)).toEqual([a]);
      // Outside the caller's scope: notFound.
      expect(body(await inject('transmission', { ...twoDays, ifFilter: 1, deviceId: c }, bound))).toMatchObject({
        status: -1,
      });
      // End before begin, 32 days, a malformed date: refused.
      for (const range of [
        { beginDate: '2026-03-02', endDate: '2026-03-01' },
        { beginDate: '2026-03-01', endDate: '2026-04-01' },
        { beginDate: '2026-3-1', endDate: '2026-03-02' },
      ]) {
        expect((await inject('transmission', range)).statusCode).toBe(400);
      }
      const other = await userWith(t(), admin, 'stat-other', ['report.summary']);
      expect((await inject('transmission', twoDays, other)).statusCode).toBe(403);
    });

    it('exports the days with a title naming the project and the period', async () => {
      const sheet = await download('transmission', { ...twoDays, projectId: project, deviceId: a });
      expect(sheet.getRow(1).getCell(1).text).toContain('东江项目');
      expect(sheet.getRow(2).getCell(1).text).toContain('2026-03-01 至 2026-03-02');
      expect(sheet.getRow(3).getCell(8).value).toBe('传输率(%)');
      // 20/24 = 83.33 %, 18/20 = 90 %.
      expect(sheet.getRow(4).values).toEqual([
        undefined,
        1,
        'Station ST-A',
        'ST-A',
        '2026-03-01',
        24,
        20,
        18,
        83.33,
        90,
        '是',
      ]);
      expect(sheet.rowCount).toBe(5);
    });
  });

  describe('station calendars', () => {
    it('counts each station in its own calendar (utcOffsetMinutes)', async () => {
      const report = await get<TransmissionReport>('transmission', {
        beginDate: '2026-02-28',
        endDate: '2026-03-01',
        projectId: utcProject,
      });
      // 02-28: UTC 23:00 → 1 of 24; 03-01: UTC 00:00 and 23:00 → 2 of 24.
      expect(report.days.map((d) => [d.date, d.received])).toEqual([
        ['2026-02-28', 1],
        ['2026-03-01', 2],
      ]);
      const summary = await get<SummaryReport>('summary', {
        timeUnit: 'day',
        date: '2026-03-01',
        projectId: utcProject,
      });
      // Its 03-01: 4 and 6 → avg 5 (the 100 of UTC 02-28 23:00 stays out).
      expect(summary.rows).toEqual([expect.objectContaining({ deviceId: utc, factorCode: 'TS01', avg: 5, count: 2 })]);
    });
  });
});
