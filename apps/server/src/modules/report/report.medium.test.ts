import type { ReportSingleStation } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasurementsTable } from '../../db/schema.js';
import { ADMIN_PASSWORD, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const SINGLE = '/data/report/rest/singleStation';
const HOUR = 3_600_000;
const BEGIN = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);

describe('single-station report', () => {
  const t = useTestApp();
  let admin: string;
  let device: number;

  const hour = (i: number, value: number, extra: Partial<MeasurementsTable> = {}): MeasurementsTable => ({
    deviceId: device,
    kind: 'hour',
    dataTime: BEGIN + i * HOUR,
    factorCode: 'w01018',
    value,
    min: value - 1,
    max: value + 1,
    cou: null,
    flag: 'N',
    quality: 'N',
    receivedAt: BEGIN,
    ...extra,
  });

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    device = await insertDevice(t(), 'RP-01');
    await query(t(), async (db) => {
      await db
        .insertInto('measurements')
        .values([
          hour(0, 10),
          hour(1, 20),
          hour(2, 30),
          hour(3, 40, { flag: 'D' }),
          // Outside [begin, end): ignored.
          hour(4, 1000),
          // Another kind: ignored.
          hour(0, 500, { kind: 'day' }),
        ])
        .execute();
      await db
        .insertInto('thresholds')
        .values({
          deviceId: device,
          factorCode: 'w01018',
          overflowType: 0,
          operator: 1,
          limit1: 25,
          limit2: null,
          limitId: null,
          alarmLevel: 1,
          enabled: 1,
          updateTime: BEGIN,
        })
        .execute();
    });
  });

  it('summarizes each factor against its threshold', async () => {
    const report = await call<ReportSingleStation>(t().app, admin, 'GET', SINGLE, {
      query: { deviceId: String(device), timeUnit: 'hour', beginTime: String(BEGIN), endTime: String(BEGIN + 4 * HOUR) },
    });
    // Values 10, 20, 30, 40: avg 25, min 9 (10−1), max 41 (40+1); valid: the three N ones;
    // exceedances (> 25) among valid: 30 → 1; compliance (3 − 1) / 3.
    expect(report.factors).toHaveLength(1);
    expect(report.factors[0]).toMatchObject({ factorCode: 'w01018', avg: 25, min: 9, max: 41, count: 4, valid: 3, exceedances: 1 });
    expect(report.factors[0]?.compliance).toBeCloseTo(2 / 3);
    expect(report.rows.map((r) => r.values['w01018'])).toEqual([10, 20, 30, 40]);
  });

  it('refuses callers without a session (401) or without the report resource (403)', async () => {
    const url = `${SINGLE}?deviceId=${device}&timeUnit=hour&beginTime=0&endTime=1`;
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const other = await userWith(t(), admin, 'rp-none', ['system.device']);
    expect((await t().app.inject({ method: 'GET', url, headers: { token: other } })).statusCode).toBe(403);
  });
});
