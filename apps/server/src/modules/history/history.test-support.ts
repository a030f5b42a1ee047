import { DEPLOY_TYPE, HOUR_MS, type HistoryTable } from '@envmon/shared';
import type { MeasurementKind } from '../../db/schema.js';
import { hourOf, isTileKind, type TileHour } from '../../ingest/tiles.js';
import { ADMIN_PASSWORD, login, query, type TestApp } from '../../test/harness.js';
import { insertDevice } from '../deploy/device-panel.test-support.js';

/** What the history medium tests share: the fixture's devices and measurements, and how they read a table. */

export const HISTORY = '/data/history/rest';
/** Station-local (UTC+8, the devices' default offset) time as epoch ms. */
export const L = (m: number, d: number, h = 0, y = 2026) => Date.UTC(y, m - 1, d, h) - 8 * HOUR_MS;
export const COD = 'w01018';
export const FLOW = 'w00000';

export interface HistoryFixture {
  admin: string;
  a: number;
  b: number;
  c: number;
  projectOne: number;
}

async function group(t: TestApp, deployName: string): Promise<number> {
  const row = await query(t, (db) =>
    db
      .insertInto('deployClassify')
      .values({ deployName, deployNameEn: null, deployType: DEPLOY_TYPE.project, createTime: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

async function deviceIn(t: TestApp, code: string, projectId: number): Promise<number> {
  const id = await insertDevice(t, code);
  await query(t, async (db) => {
    await db.updateTable('devices').set({ projectId }).where('id', '=', id).execute();
    await db
      .insertInto('deviceDeploy')
      .values({ deviceId: id, deployId: projectId, deployType: DEPLOY_TYPE.project })
      .execute();
  });
  return id;
}

export type MeasurementRow = [
  deviceId: number,
  kind: MeasurementKind,
  dataTime: number,
  factorCode: string,
  value: number | null,
  cou: number | null,
  flag?: string,
  quality?: string,
];
/** Stored as the writers store them: the hours of real-time and minute values marked for their tiles (issue 22). */
export const insertMeasurements = (t: TestApp, rows: MeasurementRow[]) =>
  query(t, async (db) => {
    await db
      .insertInto('measurements')
      .values(
        rows.map(([deviceId, kind, dataTime, factorCode, value, cou, flag = 'N', quality = 'N']) => ({
          deviceId,
          kind,
          dataTime,
          factorCode,
          value,
          min: null,
          max: null,
          cou,
          flag,
          quality,
          receivedAt: 0,
        })),
      )
      .execute();
    const hours = new Map<string, TileHour>();
    for (const [deviceId, kind, dataTime] of rows) {
      if (isTileKind(kind))
        hours.set(`${deviceId}|${kind}|${hourOf(dataTime)}`, { deviceId, kind, hour: hourOf(dataTime) });
    }
    for (const hour of hours.values()) {
      await db
        .insertInto('measurementTilesDirty')
        .values({ ...hour, seq: 1 })
        .onConflict((oc) =>
          oc
            .columns(['deviceId', 'kind', 'hour'])
            .doUpdateSet((eb) => ({ seq: eb('measurementTilesDirty.seq', '+', 1) })),
        )
        .execute();
    }
  });

/** Two projects (A and B in the first, C in the second) and their hours, days and month of COD and flow. */
export async function seedHistory(t: TestApp): Promise<HistoryFixture> {
  const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  const projectOne = await group(t, '项目一');
  const projectTwo = await group(t, '项目二');
  const a = await deviceIn(t, 'HI-A', projectOne);
  const b = await deviceIn(t, 'HI-B', projectOne);
  const c = await deviceIn(t, 'HI-C', projectTwo);
  await query(t, async (db) => {
    await db
      .updateTable('factors')
      .set({ factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 })
      .where('factorCode', '=', COD)
      .execute();
    await db
      .updateTable('factors')
      .set({ factorName: '污水流量', factorNameEn: 'Flow', unit: 'm3', decimals: 0 })
      .where('factorCode', '=', FLOW)
      .execute();
  });
  await insertMeasurements(t, [
    // A's hours on 1 March: COD 12.34, 20, 30 (station flag D), 40 (platform SH1); flow cou 10, 20, 30.
    [a, 'hour', L(3, 1, 0), COD, 12.34, null],
    [a, 'hour', L(3, 1, 1), COD, 20, null],
    [a, 'hour', L(3, 1, 2), COD, 30, null, 'D'],
    [a, 'hour', L(3, 1, 3), COD, 40, null, 'N', 'SH1'],
    [a, 'hour', L(3, 1, 0), FLOW, 1, 10],
    [a, 'hour', L(3, 1, 1), FLOW, 1, 20],
    [a, 'hour', L(3, 1, 2), FLOW, 1, 30],
    // A's hours on 2 March (cou 5 + 5): the day value's cou 100 wins.
    [a, 'hour', L(3, 2, 0), FLOW, 1, 5],
    [a, 'hour', L(3, 2, 1), FLOW, 1, 5],
    // A's days and month.
    [a, 'day', L(3, 1), COD, 25, null],
    [a, 'day', L(3, 2), COD, 35, null],
    [a, 'day', L(3, 2), FLOW, 2, 100],
    [a, 'day', L(3, 3), FLOW, 2, 40],
    [a, 'day', L(4, 1), FLOW, 2, 25],
    [a, 'month', L(3, 1), COD, 30, null],
    // B's hours: 01:00 and 05:00. C (another project): 00:00.
    [b, 'hour', L(3, 1, 1), COD, 50, null],
    [b, 'hour', L(3, 1, 5), COD, 60, null],
    [c, 'hour', L(3, 1, 0), COD, 99, null],
    // B's flow: a day value on 1 March, cou 7.
    [b, 'day', L(3, 1), FLOW, 1, 7],
  ]);
  return { admin, a, b, c, projectOne };
}

export const cells = (page: HistoryTable) =>
  page.list.map((r) => [r.deviceCode, r.dataTime, r.values[COD]?.value ?? null, r.values[FLOW]?.value ?? null]);
export const hourRange = { timeUnit: 'hour', beginTime: String(L(3, 1)), endTime: String(L(3, 2)) };
