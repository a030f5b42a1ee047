import type { Factor, IsotopeReport, OdorRose, SummaryReport, TransmissionReport } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasurementsTable } from '../../db/schema.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp, downloadWorkbook } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const REPORT = '/data/report/rest';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Beijing midnight of 2026-03-01 (UTC+8, the devices' default offset): 2026-02-28 16:00 UTC. */
const MAR1 = Date.UTC(2026, 2, 1) - 8 * HOUR;
/** The server's clock: after every period of the fixtures, so all their periods have ended. */
const NOW = Date.UTC(2027, 0, 1);

describe('statistics reports', () => {
  const t = useTestApp();
  let admin: string;
  let project: number;
  let a: number;
  let b: number;
  let c: number;
  let rose: number;
  /** A station on UTC, alone in a second project. */
  let utc: number;
  let utcProject: number;

  const row = (
    deviceId: number,
    kind: MeasurementsTable['kind'],
    dataTime: number,
    factorCode: string,
    value: number | null,
    extra: Partial<MeasurementsTable> = {},
  ): MeasurementsTable => ({
    deviceId,
    kind,
    dataTime,
    factorCode,
    value,
    min: null,
    max: null,
    cou: null,
    flag: 'N',
    quality: 'N',
    receivedAt: dataTime,
    ...extra,
  });

  const factor = (factorCode: string, factorName: string, unit: string, decimals: number) => ({
    factorCode,
    factorName,
    factorNameEn: `${factorCode} en`,
    legacyCode: null,
    kind: 'water',
    unit,
    decimals,
    rangeMin: null,
    rangeMax: null,
    zeroIsSuspect: 0,
    constantCount: 0,
    riseRatio: null,
    dropRatio: null,
    outlierMin: null,
    outlierMax: null,
    builtIn: 0,
    category: null,
  });

  beforeAll(async () => {
    t().clock.advance(NOW - t().clock.now());
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    a = await insertDevice(t(), 'ST-A');
    b = await insertDevice(t(), 'ST-B');
    c = await insertDevice(t(), 'ST-C');
    rose = await insertDevice(t(), 'ST-R');
    utc = await insertDevice(t(), 'ST-U');
    await query(t(), async (db) => {
      project = (
        await db
          .insertInto('deployClassify')
          .values({ deployName: '东江项目', deployNameEn: 'Dongjiang', deployType: 1, createTime: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .updateTable('devices')
        .set({ projectId: project, intervalTime: 60 })
        .where('id', 'in', [a, rose])
        .execute();
      await db.updateTable('devices').set({ projectId: project, intervalTime: 600 }).where('id', '=', b).execute();
      await db
        .insertInto('factors')
        .values([
          factor('TS01', '化学需氧量', 'mg/L', 1),
          factor('TS02', '氨氮', 'mg/L', 2),
          factor('ISO1', '氚', 'Bq/L', 3),
          factor('ODR1', '臭气浓度', 'OU', 1),
        ])
        .execute();
      await db
        .insertInto('deviceFactors')
        .values(
          ['TS01', 'TS02'].map((factorCode, i) => ({
            deviceId: a,
            factorCode,
            unit: null,
            standardLimit: null,
            displayOrder: i,
            rangeMin: null,
            rangeMax: null,
            zeroIsSuspect: null,
            constantCount: null,
            riseRatio: null,
            dropRatio: null,
            outlierMin: null,
            outlierMax: null,
          })),
        )
        .execute();
      const threshold = { overflowType: 0, limit2: null, limitId: null, alarmLevel: 1, updateTime: 0 };
      await db
        .insertInto('thresholds')
        .values([
          { ...threshold, deviceId: a, factorCode: 'TS01', operator: 1, limit1: 25, enabled: 1 },
          // Disabled: would make every TS02 value (100) an exceedance if it were judged.
          { ...threshold, deviceId: a, factorCode: 'TS02', operator: 1, limit1: 50, enabled: 0 },
        ])
        .execute();

      const rows: MeasurementsTable[] = [];
      // Device A, hour data of Beijing 2026-03-01: hours 0–18 and 23 (20 data times), TS01 = 2h, TS02 = 100.
      for (const h of [...Array.from({ length: 19 }, (_, i) => i), 23]) {
        rows.push(
          row(a, 'hour', MAR1 + h * HOUR, 'TS01', 2 * h, h === 6 ? { quality: 'SH1' } : {}),
          // Hour 7's TS02 came without a flag (HJ 212 leaves it optional): N, valid.
          row(a, 'hour', MAR1 + h * HOUR, 'TS02', 100, h === 5 ? { flag: 'D' } : h === 7 ? { flag: null } : {}),
        );
      }
      // 2026-03-02: all 24 hours, valid (its 00:00 is 2026-03-01 16:00 UTC: the station's calendar decides).
      for (let h = 0; h < 24; h += 1) rows.push(row(a, 'hour', MAR1 + DAY + h * HOUR, 'TS01', 1));
      // Before the range, and minute data: not counted as hour data.
      rows.push(row(a, 'hour', MAR1 - HOUR, 'TS01', 1));
      for (const m of [0, 1, 2]) rows.push(row(a, 'min', MAR1 + m * 60_000, 'TS01', 1));
      // Device C (no project): would count if scope leaked.
      rows.push(row(c, 'hour', MAR1, 'TS01', 1));

      // Device A day data: 03-01 10, 03-02 20, 03-03 30, 03-04 40 (flag D), 03-31 50, 04-01 60; Min/Max = value ∓ 1.
      const day = (d: number, value: number, extra: Partial<MeasurementsTable> = {}) =>
        row(a, 'day', MAR1 + d * DAY, 'TS01', value, { min: value - 1, max: value + 1, ...extra });
      rows.push(day(0, 10), day(1, 20), day(2, 30), day(3, 40, { flag: 'D' }), day(30, 50), day(31, 60));

      // Isotope values of device A: hours 0–2 of 03-01 → 1, 2, 3.
      rows.push(...[1, 2, 3].map((v, h) => row(a, 'hour', MAR1 + h * HOUR, 'ISO1', v)));

      // The rose station: direction, speed, odour per hour.
      const wind: [number, number, number | null, Partial<MeasurementsTable>?][] = [
        [0, 2, 10],
        [11.25, 2, 20],
        [348.75, 3, 30],
        [348.74, 3, 40],
        [90, 0.4, 50],
        [180, 0.5, 60],
        [200, 1, 70, { flag: 'D' }],
        [270, 1, null],
        [360, 1, 80],
      ];
      wind.forEach(([direction, speed, odour, extra], i) => {
        const at = MAR1 + i * HOUR;
        rows.push(row(rose, 'hour', at, 'a01008', direction), row(rose, 'hour', at, 'a01007', speed));
        if (odour !== null) rows.push(row(rose, 'hour', at, 'ODR1', odour, extra));
      });
      utcProject = (
        await db
          .insertInto('deployClassify')
          .values({ deployName: '海外项目', deployNameEn: null, deployType: 1, createTime: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db
        .updateTable('devices')
        .set({ projectId: utcProject, utcOffsetMinutes: 0 })
        .where('id', '=', utc)
        .execute();
      // UTC 2026-03-01 00:00 and 23:00 are its 03-01; UTC 02-28 23:00 (Beijing 03-01 07:00) is its 02-28.
      const utcMar1 = Date.UTC(2026, 2, 1);
      rows.push(
        row(utc, 'hour', utcMar1, 'TS01', 4),
        row(utc, 'hour', utcMar1 + 23 * HOUR, 'TS01', 6),
        row(utc, 'hour', utcMar1 - HOUR, 'TS01', 100),
      );
      await db.insertInto('measurements').values(rows).execute();
    });
  });

  const get = <T>(path: string, params: Record<string, string | number>, token = admin) =>
    call<T>(t().app, token, 'GET', `${REPORT}/${path}`, {
      query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    });
  const inject = (path: string, params: Record<string, string | number>, token = admin) =>
    t().app.inject({
      url: `${REPORT}/${path}`,
      query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      headers: { token },
    });
  const download = async (path: string, params: Record<string, string | number>) => {
    const { url } = await get<{ url: string }>(`${path}/export`, { ...params, exportSpecialFlag: 1 });
    const workbook = await downloadWorkbook(t().app, url);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    return sheet;
  };

  /** Reads with the server's clock set to `time`, then puts it back. */
  const at = async <T>(time: number, read: () => Promise<T>): Promise<T> => {
    const { clock } = t();
    const before = clock.now();
    clock.advance(time - before);
    try {
      return await read();
    } finally {
      clock.advance(before - clock.now());
    }
  };

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

  describe('isotope', () => {
    const range = { beginTime: MAR1, endTime: MAR1 + DAY, timeUnit: 'hour' };

    it('lists nothing, and no factors, while no factor is of the isotope category', async () => {
      expect(await get<IsotopeReport>('isotope', { ...range, projectId: project })).toEqual({ factors: [], rows: [] });
    });

    it('summarizes each station × isotope factor once the catalogue marks it', async () => {
      // The factor settings set the category; an update that leaves it out keeps it.
      const settings = '/manager/settings/factor/rest/update';
      const iso1 = {
        factorCode: 'ISO1',
        factorName: '氚',
        factorNameEn: 'ISO1 en',
        kind: 'water',
        unit: 'Bq/L',
        decimals: 3,
      };
      const marked = await call<Factor>(t().app, admin, 'POST', settings, {
        payload: { ...iso1, category: 'isotope' },
      });
      expect(marked.category).toBe('isotope');
      expect((await call<Factor>(t().app, admin, 'POST', settings, { payload: iso1 })).category).toBe('isotope');
      const report = await get<IsotopeReport>('isotope', { ...range, projectId: project });
      expect(report.factors).toEqual([
        { factorCode: 'ISO1', factorName: '氚', factorNameEn: 'ISO1 en', unit: 'Bq/L', decimals: 3 },
      ]);
      // 1, 2, 3 → avg 2, min 1, max 3, 3 values, all valid.
      expect(report.rows).toEqual([
        expect.objectContaining({
          deviceId: a,
          deviceCode: 'ST-A',
          factorCode: 'ISO1',
          avg: 2,
          min: 1,
          max: 3,
          count: 3,
          valid: 3,
        }),
      ]);
      const sheet = await download('isotope', { ...range, projectId: project });
      expect(sheet.getRow(4).values).toEqual([undefined, 1, 'Station ST-A', 'ST-A', '氚', 'Bq/L', 2, 1, 3, 3, 3]);
    });

    it('refuses a range over a year', async () => {
      expect((await inject('isotope', { beginTime: 0, endTime: 367 * DAY })).statusCode).toBe(400);
    });
  });

  describe('odour rose', () => {
    const params = () => ({ deviceId: rose, factorCode: 'ODR1', beginTime: MAR1, endTime: MAR1 + DAY });

    it('counts valid samples per 22.5° sector, with the boundaries and calm apart', async () => {
      const result = await get<OdorRose>('odorRose', params());
      // Samples: every hour with valid direction, speed and odour: 9 − the D-flagged one − the one without odour = 7.
      expect(result.samples).toBe(7);
      // Calm: speed 0.4 (value 50) → 1/7; 0.5 m/s is not calm.
      expect(result.calm.count).toBe(1);
      expect(result.calm.frequency).toBeCloseTo(100 / 7);
      expect(result.calm.mean).toBe(50);
      const sector = (name: string) => result.sectors.find((s) => s.sector === name);
      // N = [348.75, 11.25): 0°, 348.75° and 360° → 10, 30, 80: 3/7, mean 40.
      expect(sector('N')).toMatchObject({ from: 348.75, to: 11.25, count: 3, mean: 40 });
      expect(sector('N')?.frequency).toBeCloseTo(300 / 7);
      // 11.25° opens NNE; 348.74° is still NNW; 180° is S.
      expect(sector('NNE')).toMatchObject({ from: 11.25, to: 33.75, count: 1, mean: 20 });
      expect(sector('NNW')).toMatchObject({ count: 1, mean: 40 });
      expect(sector('S')).toMatchObject({ count: 1, mean: 60 });
      expect(sector('E')).toMatchObject({ count: 0, frequency: 0, mean: null });
      expect(result.sectors.reduce((sum, s) => sum + s.frequency, result.calm.frequency)).toBeCloseTo(100);
      expect(result).toMatchObject({ factorName: '臭气浓度', unit: 'OU', calmSpeed: 0.5 });
    });

    it('exports the sectors and calm', async () => {
      const sheet = await download('odorRose', params());
      expect(sheet.getRow(3).values).toEqual([
        undefined,
        '风向',
        '角度范围',
        '样本数',
        '频率(%)',
        '臭气浓度平均浓度 (OU)',
      ]);
      expect(sheet.getRow(4).values).toEqual([undefined, 'N', '348.75–11.25', 3, 42.86, 40]);
      expect(sheet.getRow(20).values).toEqual([undefined, '静风', '< 0.5 m/s', 1, 14.29, 50]);
    });

    it('refuses a device outside the project, and a missing factor', async () => {
      expect(body(await inject('odorRose', { ...params(), deviceId: c, projectId: project }))).toMatchObject({
        status: -1,
      });
      const { factorCode: _f, ...withoutFactor } = params();
      expect((await inject('odorRose', withoutFactor)).statusCode).toBe(400);
    });
  });
});
