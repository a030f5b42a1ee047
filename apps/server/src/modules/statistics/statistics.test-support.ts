import { DAY_MS as DAY, HOUR_MS as HOUR } from '@envmon/shared';
import type { MeasurementsTable } from '../../db/schema.js';
import { ADMIN_PASSWORD, downloadWorkbook, login, query, type TestApp, useSeededApp } from '../../test/harness.js';
import { insertDevice } from '../deploy/device-panel.test-support.js';

/** What the statistics medium tests share: the stations, factors and measurements of March 2026, and the report calls. */

const REPORT = '/data/report/rest';
/** The shared time units, under the short names these tests read best with. */
export { DAY, HOUR };
/** Beijing midnight of 2026-03-01 (UTC+8, the devices' default offset): 2026-02-28 16:00 UTC. */
export const MAR1 = Date.UTC(2026, 2, 1) - 8 * HOUR;
/** The server's clock: after every period of the fixtures, so all their periods have ended. */
const NOW = Date.UTC(2027, 0, 1);

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
  builtIn: 0,
  category: null,
});

export interface StatisticsFixture {
  admin: string;
  /** The project of A, B and the rose station. */
  project: number;
  a: number;
  b: number;
  /** A station outside every project. */
  c: number;
  rose: number;
  /** A station on UTC, alone in a second project. */
  utc: number;
  utcProject: number;
}

/** The server clock set to NOW, the stations and factors, and their measurements. */
async function seedStatistics(t: TestApp): Promise<StatisticsFixture> {
  let project = 0;
  let utcProject = 0;
  t.clock.advance(NOW - t.clock.now());
  const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  const a = await insertDevice(t, 'ST-A');
  const b = await insertDevice(t, 'ST-B');
  const c = await insertDevice(t, 'ST-C');
  const rose = await insertDevice(t, 'ST-R');
  const utc = await insertDevice(t, 'ST-U');
  await query(t, async (db) => {
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
    await db.updateTable('devices').set({ projectId: utcProject, utcOffsetMinutes: 0 }).where('id', '=', utc).execute();
    // UTC 2026-03-01 00:00 and 23:00 are its 03-01; UTC 02-28 23:00 (Beijing 03-01 07:00) is its 02-28.
    const utcMar1 = Date.UTC(2026, 2, 1);
    rows.push(
      row(utc, 'hour', utcMar1, 'TS01', 4),
      row(utc, 'hour', utcMar1 + 23 * HOUR, 'TS01', 6),
      row(utc, 'hour', utcMar1 - HOUR, 'TS01', 100),
    );
    await db.insertInto('measurements').values(rows).execute();
  });
  return { admin, project, a, b, c, rose, utc, utcProject };
}

/** One app for the file, seeded before the tests; the report calls (as admin unless a token is given). */
export function useStatistics() {
  const { t, fixture, get, inject } = useSeededApp(REPORT, seedStatistics);
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

  return { t, fixture, get, inject, download, at };
}
