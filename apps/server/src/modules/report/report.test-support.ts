import { DAY_MS as DAY, DEPLOY_TYPE, type ExportLink, HOUR_MS as HOUR } from '@envmon/shared';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { MeasurementKind, MeasurementsTable } from '../../db/schema.js';
import { ADMIN_PASSWORD, login, query, type TestApp, useSeededApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

/** What the report medium tests share: three stations in two projects, their hours, days and months, thresholds, and the report calls. */

export const REST = '/data/report/rest';
/** The shared time units, under the short names these tests read best with. */
export { DAY, HOUR };
/** 2026-03-01 00:00 Beijing time (UTC+8), the stations' calendar. */
export const D0 = Date.UTC(2026, 1, 28, 16);
/** 2025-03-01 00:00 Beijing time. */
export const LAST_YEAR = Date.UTC(2025, 1, 28, 16);
export const COD = 'w01018';
export const DO = 'w01009';
export const PH = 'w01001';
const REPORT_CODES = [
  'report.single-station',
  'report.multi-station',
  'report.contrast',
  'report.factor-bar',
  'report.radar',
];

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

export const values = (sheet: ExcelJS.Worksheet | undefined, rowNumber: number) =>
  ((sheet?.getRow(rowNumber).values as unknown[] | undefined) ?? []).slice(1);

async function project(t: TestApp, deployName: string): Promise<number> {
  const { id } = await query(t, (db) =>
    db
      .insertInto('deployClassify')
      .values({ deployName, deployNameEn: null, deployType: DEPLOY_TYPE.project, createTime: D0 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return id;
}

async function deviceIn(t: TestApp, code: string, projectId: number): Promise<number> {
  const id = await insertDevice(t, code);
  await query(t, (db) =>
    db.updateTable('devices').set({ projectId, utcOffsetMinutes: 480 }).where('id', '=', id).execute(),
  );
  return id;
}

export interface ReportFixture {
  admin: string;
  /** A user holding the report screens, bound to station A. */
  bound: string;
  projectA: number;
  projectB: number;
  /** Stations A and B in project A, C in project B. */
  a: number;
  b: number;
  c: number;
  names: Map<string, { zh: string; en: string; unit: string | null }>;
}

/** Stations A and B (project A) and C (project B), their measurements around 1 March 2026 and A's and B's thresholds. */
async function seedReports(t: TestApp): Promise<ReportFixture> {
  const names = new Map<string, { zh: string; en: string; unit: string | null }>();
  const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  const projectA = await project(t, '报表项目A');
  const projectB = await project(t, '报表项目B');
  const a = await deviceIn(t, 'RP-A', projectA);
  const b = await deviceIn(t, 'RP-B', projectA);
  const c = await deviceIn(t, 'RP-C', projectB);
  const bound = await userWith(t, admin, 'rp-bound', REPORT_CODES, ['RP-A']);
  await query(t, async (db) => {
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
  return { admin, bound, projectA, projectB, a, b, c, names };
}

/** One app for the file, seeded before the tests; the report calls (as admin unless a token is given). */
export function useReports() {
  const { t, fixture, get, inject } = useSeededApp(REST, seedReports);

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

  return { t, fixture, get, raw: inject, exported };
}
