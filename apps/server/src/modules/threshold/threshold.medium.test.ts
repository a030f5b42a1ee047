import {
  MESSAGES,
  THRESHOLD_OPERATOR,
  type AlarmStrategy,
  type Page,
  type SurfaceWaterLimit,
  type Threshold,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { registerStation } from '../../test/station-client.js';
import { STRATEGY, THRESHOLD } from '../alarm/alarm.test-support.js';

const WATER_LIMIT = '/manager/settings/surfactwaterlimit/rest/getAll';

describe('thresholds, alarm strategies and surface-water limits', () => {
  // Demo on: the operator (alarm and real-time screens, no settings) and the viewer exist.
  const t = useTestApp({ demo: true });
  let admin: string;
  let operator: string;
  let viewer: string;
  let deviceId: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    operator = await login(t().app, 'operator', 'Operator@123');
    viewer = await login(t().app, 'viewer', 'Viewer@123');
    deviceId = await registerStation(t(), { deviceCode: 'THRESHOLD-0001' });
  });

  const post = (url: string, payload: unknown, token = admin) =>
    t().app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { token } });

  it('adds, reads, lists, updates and deletes a threshold, with the derived symbol', async () => {
    const added = await call<Threshold>(t().app, admin, 'POST', `${THRESHOLD}/add`, {
      payload: { deviceId, factorCode: 'w01009', operator: THRESHOLD_OPERATOR.lt, limit1: 5, limit2: 2 },
    });
    expect(added).toMatchObject({
      deviceId,
      deviceCode: 'THRESHOLD-0001',
      factorName: '溶解氧',
      overflowType: null,
      alarmLevel: 1,
      enabled: true,
      symbol: 'DESC',
    });
    expect(
      await call<Threshold>(t().app, admin, 'GET', `${THRESHOLD}/get`, { query: { id: String(added.id) } }),
    ).toEqual(added);

    const updated = await call<Threshold>(t().app, admin, 'POST', `${THRESHOLD}/update`, {
      payload: {
        id: added.id,
        deviceId,
        factorCode: 'w01009',
        operator: THRESHOLD_OPERATOR.lt,
        limit1: 3,
        alarmLevel: 2,
      },
    });
    expect(updated).toMatchObject({ limit1: 3, limit2: null, alarmLevel: 2, symbol: 'ASC' });

    const page = await call<Page<Threshold>>(t().app, admin, 'GET', `${THRESHOLD}/getAll`, {
      query: { deviceId: String(deviceId) },
    });
    expect(page.list.map((r) => r.id)).toEqual([added.id]);

    await call(t().app, admin, 'GET', `${THRESHOLD}/delete`, { query: { id: String(added.id) } });
    const gone = await t().app.inject({ url: `${THRESHOLD}/get?id=${added.id}`, headers: { token: admin } });
    expect(body(gone).desc).toBe(MESSAGES.notFound);
    const logged = await query(t(), (db) =>
      db.selectFrom('operationLogs').select('url').where('url', 'like', `${THRESHOLD}/delete%`).execute(),
    );
    expect(logged).toHaveLength(1);
  });

  it('refuses a second threshold for the same device × factor × overflow type, and bad limits', async () => {
    const input = { deviceId, factorCode: 'w01018', operator: THRESHOLD_OPERATOR.gt, limit1: 30 };
    await call(t().app, admin, 'POST', `${THRESHOLD}/add`, { payload: input });
    expect(body(await post(`${THRESHOLD}/add`, input)).desc).toBe(MESSAGES.thresholdTaken);
    // Another overflow type is another threshold.
    await call(t().app, admin, 'POST', `${THRESHOLD}/add`, { payload: { ...input, overflowType: 1 } });

    const noLimit = await post(`${THRESHOLD}/add`, { ...input, factorCode: 'w21003', limit1: null });
    expect(body(noLimit).status).toBe(-1);
    const reversed = await post(`${THRESHOLD}/add`, {
      ...input,
      factorCode: 'w21003',
      operator: THRESHOLD_OPERATOR.in,
      limit1: 2,
      limit2: 1,
    });
    expect(body(reversed).status).toBe(-1);
    const unknownFactor = await post(`${THRESHOLD}/add`, { ...input, factorCode: 'nope01' });
    expect(body(unknownFactor).desc).toBe(MESSAGES.factorUnknown);
  });

  it('lists the water thresholds with symbols DESC, ASC and ph, for the water screen too', async () => {
    const other = await registerStation(t(), { deviceCode: 'THRESHOLD-0002' });
    const limits = await call<SurfaceWaterLimit[]>(t().app, operator, 'GET', WATER_LIMIT);
    const ph = limits.find((l) => l.factorCode === 'w01001');
    for (const input of [
      { factorCode: 'w01009', operator: THRESHOLD_OPERATOR.lt, limit1: 7.5, limit2: 2 },
      { factorCode: 'w21003', operator: THRESHOLD_OPERATOR.gt, limit1: 0.15, limit2: 2 },
      { factorCode: 'w01001', operator: THRESHOLD_OPERATOR.notIn, limit1: null, limitId: ph?.id },
      { factorCode: 'a34004', operator: THRESHOLD_OPERATOR.gt, limit1: 75 },
    ]) {
      // pH with no limit1 is refused by the add rule; stored directly to show the 'ph' symbol.
      if (input.limit1 === null) {
        await query(t(), (db) =>
          db
            .insertInto('thresholds')
            .values({
              deviceId: other,
              factorCode: input.factorCode,
              overflowType: 0,
              operator: input.operator,
              limit1: null,
              limit2: null,
              limitId: input.limitId ?? null,
              alarmLevel: 1,
              enabled: 1,
              updateTime: 0,
            })
            .execute(),
        );
      } else {
        await call(t().app, admin, 'POST', `${THRESHOLD}/add`, { payload: { ...input, deviceId: other } });
      }
    }
    const water = await call<Threshold[]>(t().app, operator, 'GET', `${THRESHOLD}/getAllWaterThreshold`, {
      query: { deviceId: String(other) },
    });
    expect(water.map((w) => [w.factorCode, w.symbol, w.limitId])).toEqual([
      ['w01001', 'ph', ph?.id],
      ['w01009', 'DESC', null],
      ['w21003', 'ASC', null],
    ]);
    expect(ph).toMatchObject({ symbol: 'ph', rangeMin: 6, rangeMax: 9 });
    expect(limits.find((l) => l.factorCode === 'w01009')).toMatchObject({ symbol: 'DESC', limit1: 7.5, limit2: 2 });
    expect(limits.find((l) => l.factorCode === 'w01018')).toMatchObject({
      symbol: 'ASC',
      classLimits: [15, 15, 20, 30, 40],
    });
  });

  it('keeps one strategy per device × alarm type: update creates, then replaces; delete removes', async () => {
    const first = await call<AlarmStrategy>(t().app, admin, 'POST', `${STRATEGY}/update`, {
      payload: { deviceId, alarmType: 1, consecutiveCount: 3, recoverySeconds: 120, alarmLevel: 2 },
    });
    expect(first).toMatchObject({ enabled: true, consecutiveCount: 3, recoverySeconds: 120, repeatIntervalMinutes: 0 });
    const second = await call<AlarmStrategy>(t().app, admin, 'POST', `${STRATEGY}/update`, {
      payload: { deviceId, alarmType: 1, enabled: false, repeatIntervalMinutes: 30 },
    });
    expect(second).toMatchObject({ id: first.id, enabled: false, consecutiveCount: 1, repeatIntervalMinutes: 30 });
    const all = await call<AlarmStrategy[]>(t().app, admin, 'GET', `${STRATEGY}/getAll`, {
      query: { deviceId: String(deviceId) },
    });
    expect(all.map((s) => s.id)).toEqual([first.id]);
    expect(body(await post(`${STRATEGY}/update`, { deviceId, alarmType: 9 })).status).toBe(-1);
    expect(body(await post(`${STRATEGY}/update`, { deviceId, alarmType: 2, consecutiveCount: 0 })).status).toBe(-1);
    await call(t().app, admin, 'GET', `${STRATEGY}/delete`, { query: { id: String(first.id) } });
    expect(
      await call<AlarmStrategy[]>(t().app, admin, 'GET', `${STRATEGY}/getAll`, {
        query: { deviceId: String(deviceId) },
      }),
    ).toEqual([]);
  });

  it('answers 401 without a token and 403 without the resource', async () => {
    for (const url of [`${THRESHOLD}/getAll`, `${STRATEGY}/getAll`, WATER_LIMIT]) {
      expect((await t().app.inject({ url })).statusCode).toBe(401);
    }
    // The operator reads the water screen's data but not the settings.
    for (const url of [`${THRESHOLD}/getAll`, `${STRATEGY}/getAll`]) {
      expect((await t().app.inject({ url, headers: { token: operator } })).statusCode).toBe(403);
    }
    expect((await post(`${THRESHOLD}/add`, { deviceId }, operator)).statusCode).toBe(403);
    expect((await post(`${STRATEGY}/update`, { deviceId }, operator)).statusCode).toBe(403);
    expect((await t().app.inject({ url: WATER_LIMIT, headers: { token: viewer } })).statusCode).toBe(200);
    expect(
      (await t().app.inject({ url: `${THRESHOLD}/getAllWaterThreshold`, headers: { token: viewer } })).statusCode,
    ).toBe(200);
  });
});
