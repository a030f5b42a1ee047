import {
  type Dashboard,
  type DashboardInfo,
  EDITOR_HOME_CARDS,
  HOUR_MS,
  MESSAGES,
  type Page,
  WALL_CARDS,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, type TestApp, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';
import { COMPLIANCE_TTL_MS } from './dashboard.service.js';

const BASE = '/manager/settings/dashboard/rest';
/** 14:30 in Beijing: today has 14 whole hours behind it. */
const NOW = Date.UTC(2026, 10, 27, 6, 30);
const TODAY = Date.UTC(2026, 10, 26, 16);
const MONTH = Date.UTC(2026, 9, 31, 16);
const ALARM_TYPE = 1;

const config = (userId: number, overrides: Record<string, unknown> = {}) => ({
  userId,
  name: '值班大屏',
  homeCards: ['states', 'stations', 'latestAlarms'],
  wallCards: ['map', 'latestAlarms', 'trends'],
  deviceIds: [],
  factorCodes: ['w01018'],
  refreshSeconds: 60,
  rotateSeconds: 0,
  ...overrides,
});

async function userIdOf(t: TestApp, userName: string): Promise<number> {
  return query(
    t,
    async (db) =>
      (await db.selectFrom('users').select('id').where('userName', '=', userName).executeTakeFirstOrThrow()).id,
  );
}

/**
 * Three stations of one project: a water station online (COD class IV now, an active alarm with an open work
 * order, ten hourly uploads today, three daily COD values this month against a 'greater than 30' standard), a
 * water station offline (COD class I, an old handled alarm), and an air station never connected (PM2.5 at a
 * 24-hour mean of 80 µg/m³: IAQI 107, lightly polluted).
 */
async function seedNetwork(t: TestApp) {
  const water = await insertDevice(t, 'DASH-W1');
  const clean = await insertDevice(t, 'DASH-W2');
  const air = await insertDevice(t, 'DASH-A1');
  const project = await query(t, async (db) => {
    const { id } = await db
      .insertInto('deployClassify')
      .values({ deployName: '看板项目', deployNameEn: 'Dashboard project', deployType: 1, createTime: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ projectId: id }).where('id', 'in', [water, clean, air]).execute();
    await db.updateTable('devices').set({ deviceType: '22' }).where('id', '=', air).execute();
    await db
      .insertInto('deviceStatus')
      .values([
        {
          deviceId: water,
          online: 1,
          changedAt: NOW - HOUR_MS,
          lastPacketAt: NOW - 60_000,
          remote: null,
          nodeId: null,
        },
        {
          deviceId: clean,
          online: 0,
          changedAt: NOW - HOUR_MS,
          lastPacketAt: NOW - HOUR_MS,
          remote: null,
          nodeId: null,
        },
      ])
      .execute();
    const latest = (deviceId: number, factorCode: string, value: number) => ({
      deviceId,
      factorCode,
      kind: 'rtd' as const,
      dataTime: NOW - 60_000,
      value,
      flag: 'N',
      quality: 'N',
      receivedAt: NOW - 60_000,
    });
    await db
      .insertInto('latestValues')
      .values([latest(water, 'w01018', 25), latest(clean, 'w01018', 12), latest(air, 'a34004', 60)])
      .execute();
    const measurement = (
      deviceId: number,
      kind: 'hour' | 'day',
      dataTime: number,
      factorCode: string,
      value: number,
    ) => ({
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
    });
    const hours = Array.from({ length: 10 }, (_, h) => [
      measurement(water, 'hour', TODAY + h * HOUR_MS, 'w01018', 10 + h),
      measurement(water, 'hour', TODAY + h * HOUR_MS, 'w01001', 7),
    ]).flat();
    await db
      .insertInto('measurements')
      .values([
        ...hours,
        // The hour now under way is not yet due: it counts in the trend, not in the transmission rate.
        measurement(water, 'hour', TODAY + 14 * HOUR_MS, 'w01018', 24),
        measurement(air, 'hour', TODAY + HOUR_MS, 'a34004', 70),
        measurement(air, 'hour', TODAY + 2 * HOUR_MS, 'a34004', 90),
        measurement(water, 'day', MONTH + 24 * HOUR_MS, 'w01018', 25),
        measurement(water, 'day', MONTH + 48 * HOUR_MS, 'w01018', 35),
        measurement(water, 'day', MONTH + 72 * HOUR_MS, 'w01018', 28),
        // Last month's day is not this month's compliance.
        measurement(water, 'day', MONTH - 24 * HOUR_MS, 'w01018', 99),
      ])
      .execute();
    await db
      .insertInto('thresholds')
      .values({
        deviceId: water,
        factorCode: 'w01018',
        overflowType: 0,
        operator: 1,
        limit1: 30,
        limit2: null,
        limitId: null,
        alarmLevel: 2,
        enabled: 1,
        updateTime: 0,
      })
      .execute();
    const alarm = (deviceId: number, beginDate: number, active: number, orderStatus: number) => ({
      deviceId,
      factorCode: 'w01018',
      alarmType: ALARM_TYPE,
      overflowType: 0,
      alarmLevel: 2,
      alarmValue: 35,
      standardValue: '30',
      symbol: null,
      beginDate,
      lastDate: beginDate,
      endDate: active ? null : beginDate + HOUR_MS,
      count: 1,
      active,
      activeKey: active ? `${deviceId}:w01018:${ALARM_TYPE}:0` : null,
      orderStatus,
    });
    await db
      .insertInto('alarms')
      .values([alarm(water, NOW - HOUR_MS, 1, 1), alarm(clean, NOW - 5 * HOUR_MS, 0, 3)])
      .execute();
    return id;
  });
  return { water, clean, air, project };
}

describe('settings › dashboard', () => {
  const t = useTestApp();
  let admin: string;
  let operator: string;
  let operatorId: number;
  let adminId: number;
  let net: Awaited<ReturnType<typeof seedNetwork>>;

  beforeAll(async () => {
    t().clock.advance(NOW - t().clock.now());
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    net = await seedNetwork(t());
    operator = await userWith(
      t(),
      admin,
      'dash-operator',
      ['settings.dashboard', 'settings.dashboard:write'],
      ['DASH-W2'],
    );
    operatorId = await userIdOf(t(), 'dash-operator');
    adminId = await userIdOf(t(), 'admin');
  });

  const get = <T>(token: string, path: string, q: Record<string, string> = {}) =>
    call<T>(t().app, token, 'GET', `${BASE}/${path}`, { query: q });
  const post = <T>(token: string, path: string, payload: unknown) =>
    call<T>(t().app, token, 'POST', `${BASE}/${path}`, { payload });
  const refusal = async (
    token: string,
    method: 'GET' | 'POST',
    path: string,
    options: { payload?: unknown; query?: Record<string, string> },
  ) =>
    body(
      await t().app.inject({
        method,
        url: `${BASE}/${path}`,
        payload: options.payload as Record<string, unknown> | undefined,
        query: options.query,
        headers: { token },
      }),
    );

  it("gives the network's figures in one call: states, transmission, alarms, compliance, class, AQI, trends", async () => {
    const info = await get<DashboardInfo>(admin, 'getDashboardInfoByUserId', { projectId: String(net.project) });
    expect(info.variant).toBe('admin');
    expect(info.config).toMatchObject({ id: null, userId: adminId, deviceIds: [], wallCards: [...WALL_CARDS] });
    expect(info.generatedAt).toBe(NOW);
    const byId = new Map(info.stations.map((s) => [s.id, s]));
    expect([...byId.keys()].sort()).toEqual([net.water, net.clean, net.air].sort());
    expect(byId.get(net.water)).toMatchObject({
      state: 'online',
      alarms: 1,
      waterClass: 4,
      aqi: null,
      code: 'DASH-W1',
    });
    expect(byId.get(net.clean)).toMatchObject({ state: 'offline', alarms: 0, waterClass: 1, aqi: null });
    expect(byId.get(net.air)).toMatchObject({ state: 'never', waterClass: null, aqi: 107, lastPacketAt: null });
    expect(info.states).toEqual({ online: 1, offline: 1, never: 1 });
    // Ten hours of the water station and two of the air station, of 3 stations × 14 hours.
    expect(info.transmission).toEqual({ expected: 42, received: 12, rate: 12 / 42 });
    expect(info.alarms).toEqual({
      active: 1,
      byType: [{ key: ALARM_TYPE, count: 1 }],
      byLevel: [{ key: 2, count: 1 }],
      pendingOrders: 1,
    });
    // 25, 35 and 28 against 'greater than 30': two of three kept it.
    expect(info.compliance).toEqual({ checked: 3, met: 2, rate: 2 / 3 });
    expect(info.waterClasses).toEqual([
      { key: 1, count: 1 },
      { key: 4, count: 1 },
    ]);
    expect(info.airQuality).toEqual([{ key: 3, count: 1 }]);
    expect(info.latestAlarms.map((a) => [a.deviceId, a.active])).toEqual([
      [net.water, true],
      [net.clean, false],
    ]);
    expect(info.workOrders.map((a) => a.deviceId)).toEqual([net.water]);
    // The trend factors when none are configured: the ones most stations report (COD, then PM2.5).
    expect(info.trends.map((tr) => tr.factorCode)).toEqual(['w01018', 'a34004']);
    const cod = info.trends[0]?.points ?? [];
    expect(cod).toHaveLength(11);
    expect(cod[0]).toEqual([TODAY, 10]);
    expect(cod.at(-1)).toEqual([TODAY + 14 * HOUR_MS, 24]);
    expect(byId.get(net.water)?.latest).toEqual([{ factorCode: 'w01018', value: 25, dataTime: NOW - 60_000 }]);

    // The month's compliance is reused for five minutes (daily values arrive once a day), then counted afresh.
    await query(t(), (db) =>
      db
        .insertInto('measurements')
        .values({
          deviceId: net.water,
          kind: 'day',
          dataTime: MONTH + 96 * HOUR_MS,
          factorCode: 'w01018',
          value: 45,
          min: null,
          max: null,
          cou: null,
          flag: 'N',
          quality: 'N',
          receivedAt: NOW,
        })
        .execute(),
    );
    const compliance = async () =>
      (await get<DashboardInfo>(admin, 'getDashboardInfoByUserId', { projectId: String(net.project) })).compliance;
    expect(await compliance()).toEqual({ checked: 3, met: 2, rate: 2 / 3 });
    t().clock.advance(COMPLIANCE_TTL_MS);
    expect(await compliance()).toEqual({ checked: 4, met: 2, rate: 2 / 4 });
    t().clock.advance(-COMPLIANCE_TTL_MS);
  });

  it('shows an operator their own stations, with the editor variant, until admin prepares a configuration', async () => {
    const own = await get<Dashboard>(operator, 'getByUserId');
    expect(own).toMatchObject({
      id: null,
      userId: operatorId,
      userName: 'dash-operator',
      homeCards: [...EDITOR_HOME_CARDS],
    });
    const info = await get<DashboardInfo>(operator, 'getDashboardInfoByUserId');
    expect(info.variant).toBe('editor');
    // Bound to the clean station only: that is all the operator's dashboard covers.
    expect(info.stations.map((s) => s.id)).toEqual([net.clean]);
    expect(info.alarms.pendingOrders).toBe(0);
    expect(info.latestAlarms.map((a) => a.deviceId)).toEqual([net.clean]);

    // Admin prepares one for the operator, naming two stations: the operator still sees only the one bound to them.
    const prepared = await post<Dashboard>(admin, 'add', config(operatorId, { deviceIds: [net.water, net.clean] }));
    expect(prepared).toMatchObject({ userId: operatorId, userName: 'dash-operator', createTime: NOW, updateTime: NOW });
    expect(await get<Dashboard>(operator, 'getByUserId')).toEqual(prepared);
    const narrowed = await get<DashboardInfo>(operator, 'getDashboardInfoByUserId');
    expect(narrowed.config).toEqual(prepared);
    expect(narrowed.stations.map((s) => s.id)).toEqual([net.clean]);
    expect(narrowed.trends.map((tr) => tr.factorCode)).toEqual(['w01018']);
    // Admin previews what the operator sees.
    const preview = await get<DashboardInfo>(admin, 'getDashboardInfoByUserId', { userId: String(operatorId) });
    expect(preview.stations.map((s) => s.id)).toEqual([net.clean]);
    expect(preview.variant).toBe('editor');

    // The admin's own configuration narrowed to the water station.
    const mine = await post<Dashboard>(
      admin,
      'add',
      config(adminId, { deviceIds: [net.water], factorCodes: ['w01018', 'w01001'] }),
    );
    const adminInfo = await get<DashboardInfo>(admin, 'getDashboardInfoByUserId');
    expect(adminInfo.config.id).toBe(mine.id);
    expect(adminInfo.stations.map((s) => s.id)).toEqual([net.water]);
    expect(adminInfo.trends.map((tr) => [tr.factorCode, tr.points.length])).toEqual([
      ['w01018', 11],
      ['w01001', 10],
    ]);

    // The list: admin sees both, the operator only their own.
    const all = await get<Page<Dashboard>>(admin, 'get');
    expect(all.list.map((d) => d.userName)).toEqual(['admin', 'dash-operator']);
    expect((await get<Page<Dashboard>>(admin, 'get', { name: 'operator' })).list.map((d) => d.id)).toEqual([
      prepared.id,
    ]);
    expect((await get<Page<Dashboard>>(operator, 'get')).list.map((d) => d.id)).toEqual([prepared.id]);

    // The operator edits their own; a second configuration for a user is refused.
    t().clock.advance(60_000);
    const edited = await post<Dashboard>(operator, 'update', {
      ...config(operatorId, { homeCards: ['workOrders'], refreshSeconds: 120 }),
      id: prepared.id,
    });
    expect(edited).toMatchObject({
      homeCards: ['workOrders'],
      refreshSeconds: 120,
      updateTime: NOW + 60_000,
      createTime: NOW,
    });
    expect((await refusal(admin, 'POST', 'add', { payload: config(operatorId) })).desc).toBe(MESSAGES.dashboardTaken);
    expect((await refusal(admin, 'POST', 'update', { payload: { ...config(operatorId), id: mine.id } })).desc).toBe(
      MESSAGES.dashboardTaken,
    );

    // Deleting it brings back the role's defaults.
    await get(operator, 'delete', { id: String(prepared.id) });
    expect((await get<Dashboard>(operator, 'getByUserId')).id).toBeNull();
    await get(admin, 'delete', { id: String(mine.id) });
  });

  it("refuses a user someone else's configuration, and checks the session and the resources", async () => {
    const notYours = MESSAGES.dashboardNotYours;
    expect((await refusal(operator, 'GET', 'getByUserId', { query: { userId: String(adminId) } })).desc).toBe(notYours);
    expect(
      (await refusal(operator, 'GET', 'getDashboardInfoByUserId', { query: { userId: String(adminId) } })).desc,
    ).toBe(notYours);
    expect((await refusal(operator, 'POST', 'add', { payload: config(adminId) })).desc).toBe(notYours);
    const adminsOwn = await post<Dashboard>(admin, 'add', config(adminId));
    expect(
      (await refusal(operator, 'POST', 'update', { payload: { ...config(operatorId), id: adminsOwn.id } })).desc,
    ).toBe(notYours);
    expect((await refusal(operator, 'GET', 'delete', { query: { id: String(adminsOwn.id) } })).desc).toBe(notYours);
    expect((await get<Page<Dashboard>>(operator, 'get')).total).toBe(0);

    expect((await t().app.inject({ url: `${BASE}/getByUserId` })).statusCode).toBe(401);
    expect((await t().app.inject({ url: `${BASE}/getDashboardInfoByUserId` })).statusCode).toBe(401);
    // Anyone signed in has a home page; the settings screen and its changes need their resources.
    const viewer = await userWith(t(), admin, 'dash-viewer', ['query.history']);
    expect(
      (await t().app.inject({ url: `${BASE}/getDashboardInfoByUserId`, headers: { token: viewer } })).statusCode,
    ).toBe(200);
    expect((await t().app.inject({ url: `${BASE}/get`, headers: { token: viewer } })).statusCode).toBe(403);
    const reader = await userWith(t(), admin, 'dash-reader', ['settings.dashboard']);
    expect((await t().app.inject({ url: `${BASE}/get`, headers: { token: reader } })).statusCode).toBe(200);
    const readerId = await userIdOf(t(), 'dash-reader');
    const write = await t().app.inject({
      method: 'POST',
      url: `${BASE}/add`,
      payload: config(readerId),
      headers: { token: reader },
    });
    expect(write.statusCode).toBe(403);
  });

  it('validates a configuration with the shared schema', async () => {
    const invalid = async (overrides: Record<string, unknown>) => {
      const response = await t().app.inject({
        method: 'POST',
        url: `${BASE}/add`,
        payload: config(operatorId, overrides),
        headers: { token: admin },
      });
      return response.statusCode;
    };
    expect(await invalid({ homeCards: ['states', 'states'] })).toBe(400);
    expect(await invalid({ wallCards: ['no-such-card'] })).toBe(400);
    expect(await invalid({ refreshSeconds: 5 })).toBe(400);
    expect(await invalid({ rotateSeconds: 5 })).toBe(400);
    expect(await invalid({ name: '' })).toBe(400);
    expect(await invalid({ factorCodes: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })).toBe(400);
    // A user or project that does not exist.
    expect((await refusal(admin, 'POST', 'add', { payload: config(999_999) })).desc).toBe(MESSAGES.notFound);
    expect((await refusal(admin, 'POST', 'add', { payload: config(operatorId, { projectId: 999_999 }) })).desc).toBe(
      MESSAGES.notFound,
    );
    expect((await get<Page<Dashboard>>(admin, 'get', { userId: String(operatorId) })).total).toBe(0);
  });
});
