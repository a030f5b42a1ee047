import {
  DEPLOY_TYPE,
  MESSAGES,
  REALTIME_RECENT_MAX_VALUES,
  type RealtimeLatest,
  type RealtimeRecent,
  MINUTE_MS,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LatestValuesTable, MeasurementsTable } from '../../db/schema.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const LATEST = '/data/realtime/rest/getLatest';
const RECENT = '/data/realtime/rest/getRecent';

describe('real-time data and chart reads', () => {
  const t = useTestApp();
  let admin: string;
  let projectA: number;
  let projectB: number;
  let address: number;
  let water: number;
  let air: number;
  let silent: number;
  let other: number;

  async function group(deployName: string, deployType: number): Promise<number> {
    const row = await query(t(), (db) =>
      db
        .insertInto('deployClassify')
        .values({ deployName, deployNameEn: null, deployType, createTime: t().clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return row.id;
  }

  async function deviceIn(code: string, projectId: number, addressId?: number): Promise<number> {
    const id = await insertDevice(t(), code);
    await query(t(), async (db) => {
      await db.updateTable('devices').set({ projectId }).where('id', '=', id).execute();
      const records: { deviceId: number; deployId: number; deployType: number }[] = [
        { deviceId: id, deployId: projectId, deployType: DEPLOY_TYPE.project },
      ];
      if (addressId !== undefined) records.push({ deviceId: id, deployId: addressId, deployType: DEPLOY_TYPE.address });
      await db.insertInto('deviceDeploy').values(records).execute();
    });
    return id;
  }

  const latestValue = (
    deviceId: number,
    factorCode: string,
    value: number,
    extra: Partial<LatestValuesTable> = {},
  ) => ({
    deviceId,
    factorCode,
    kind: 'rtd' as const,
    dataTime: t().clock.now() - MINUTE_MS,
    value,
    flag: 'N',
    quality: 'N',
    receivedAt: t().clock.now(),
    ...extra,
  });

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    projectA = await group('项目A', DEPLOY_TYPE.project);
    projectB = await group('项目B', DEPLOY_TYPE.project);
    address = await group('地址1', DEPLOY_TYPE.address);
    water = await deviceIn('RT-WATER-01', projectA, address);
    air = await deviceIn('RT-AIR-01', projectA);
    silent = await deviceIn('RT-SILENT-01', projectA);
    other = await deviceIn('RT-OTHER-01', projectB);
    const now = t().clock.now();
    await query(t(), async (db) => {
      await db
        .insertInto('latestValues')
        .values([
          latestValue(water, 'w01018', 21.5, { flag: 'D', quality: 'SH4' }),
          latestValue(water, 'w01001', 7.12),
          latestValue(air, 'a21026', 12, { kind: 'min' }),
          latestValue(other, 'w01018', 30),
        ])
        .execute();
      // The device's own unit for pH wins over the catalogue's.
      await db
        .insertInto('deviceFactors')
        .values({
          deviceId: water,
          factorCode: 'w01001',
          unit: 'pH',
          standardLimit: null,
          displayOrder: 1,
          rangeMin: null,
          rangeMax: null,
          zeroIsSuspect: null,
          constantCount: null,
          riseRatio: null,
          dropRatio: null,
        })
        .execute();
      await db
        .insertInto('deviceStatus')
        .values([
          { deviceId: water, online: 1, changedAt: now - 5 * MINUTE_MS, lastPacketAt: now, remote: '127.0.0.1:1' },
          {
            deviceId: air,
            online: 0,
            changedAt: now - 60 * MINUTE_MS,
            lastPacketAt: now - 60 * MINUTE_MS,
            remote: null,
          },
        ])
        .execute();
    });
  });

  const latest = (token: string, params: Record<string, string> = {}) =>
    call<RealtimeLatest>(t().app, token, 'GET', LATEST, { query: params });

  it("answers a project's devices with their state, groups and latest values, and the factors seen", async () => {
    const data = await latest(admin, { projectId: String(projectA) });
    expect(data.devices.map((d) => d.deviceCode)).toEqual(['RT-WATER-01', 'RT-AIR-01', 'RT-SILENT-01']);
    const [w, a, s] = data.devices;
    expect(w).toMatchObject({
      deviceId: water,
      deviceName: 'Station RT-WATER-01',
      deviceType: '21',
      ifValid: 1,
      projectId: projectA,
      addressId: address,
      online: true,
      changedAt: t().clock.now() - 5 * MINUTE_MS,
    });
    expect(w?.values).toEqual([
      {
        factorCode: 'w01001',
        value: 7.12,
        unit: 'pH',
        flag: 'N',
        quality: 'N',
        kind: 'rtd',
        dataTime: t().clock.now() - MINUTE_MS,
      },
      expect.objectContaining({ factorCode: 'w01018', value: 21.5, flag: 'D', quality: 'SH4' }),
    ]);
    expect(a).toMatchObject({ online: false, addressId: null, values: [expect.objectContaining({ kind: 'min' })] });
    // Never heard from: offline, no values.
    expect(s).toMatchObject({ deviceId: silent, online: false, changedAt: null, values: [] });
    expect(data.factors.map((f) => f.factorCode)).toEqual(['a21026', 'w01001', 'w01018']);
    const cod = data.factors.find((f) => f.factorCode === 'w01018');
    expect(cod?.factorName).toBeTruthy();
    expect(cod?.unit).toBe('mg/L');
  });

  it('answers every project without a project choice, and an empty list for a project without devices', async () => {
    const all = await latest(admin);
    expect(all.devices.map((d) => d.deviceId)).toEqual(expect.arrayContaining([water, air, silent, other]));
    const empty = await latest(admin, { projectId: String(await group('空项目', DEPLOY_TYPE.project)) });
    expect(empty).toEqual({ factors: [], devices: [] });
  });

  it('keeps a user with bound devices to them, whatever ifFilter says, and honours the project on getRecent', async () => {
    const token = await userWith(t(), admin, 'rt-bound', ['realtime.data'], ['RT-AIR-01', 'RT-OTHER-01']);
    const bound = await latest(token, { ifFilter: '1' });
    expect(bound.devices.map((d) => d.deviceId)).toEqual([air, other]);
    const boundInA = await latest(token, { ifFilter: '1', projectId: String(projectA) });
    expect(boundInA.devices.map((d) => d.deviceId)).toEqual([air]);
    expect(boundInA.factors.map((f) => f.factorCode)).toEqual(['a21026']);
    expect((await latest(token)).devices.map((d) => d.deviceId)).toEqual([air, other]);
    const unbound = await userWith(t(), admin, 'rt-unbound', ['realtime.data', 'realtime.chart']);
    expect((await latest(unbound)).devices.length).toBeGreaterThan(2);
    // A device of another project than the chosen one is not found.
    const recent = (projectId: number) =>
      t().app.inject({
        url: '/data/realtime/rest/getRecent',
        query: { deviceId: String(water), projectId: String(projectId) },
        headers: { token: unbound },
      });
    expect(body(await recent(projectB)).desc).toBe(MESSAGES.notFound);
    expect(body(await recent(projectA)).status).toBe(200);
  });

  it('refuses callers without a session (401) or without either real-time resource (403)', async () => {
    expect((await t().app.inject({ method: 'GET', url: LATEST })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'GET', url: `${RECENT}?deviceId=${water}` })).statusCode).toBe(401);
    const device = await userWith(t(), admin, 'rt-none', ['system.device']);
    expect((await t().app.inject({ method: 'GET', url: LATEST, headers: { token: device } })).statusCode).toBe(403);
    const dataOnly = await userWith(t(), admin, 'rt-data', ['realtime.data']);
    const recent = await t().app.inject({
      method: 'GET',
      url: `${RECENT}?deviceId=${water}`,
      headers: { token: dataOnly },
    });
    expect(recent.statusCode).toBe(403);
    // The chart's resource reads the latest values too (its device tree).
    const chart = await userWith(t(), admin, 'rt-chart', ['realtime.chart']);
    expect((await latest(chart, { projectId: String(projectB) })).devices.map((d) => d.deviceId)).toEqual([other]);
  });

  describe('recent real-time values', () => {
    const point = (deviceId: number, factorCode: string, minutesAgo: number, value: number): MeasurementsTable => ({
      deviceId,
      kind: 'rtd',
      dataTime: t().clock.now() - minutesAgo * MINUTE_MS,
      factorCode,
      value,
      min: null,
      max: null,
      cou: null,
      flag: 'N',
      quality: 'N',
      receivedAt: t().clock.now(),
    });

    beforeAll(async () => {
      await query(t(), (db) =>
        db
          .insertInto('measurements')
          .values([
            point(water, 'w01018', 90, 1),
            point(water, 'w01018', 30, 2),
            point(water, 'w01018', 10, 3),
            point(water, 'w01001', 10, 7),
            point(other, 'w01018', 10, 99),
            { ...point(water, 'w01018', 5, 50), kind: 'min' },
          ])
          .execute(),
      );
    });

    const recent = (params: Record<string, string>, token = admin) =>
      call<RealtimeRecent>(t().app, token, 'GET', RECENT, { query: params });

    it("answers the device's real-time values of the window, oldest first, for the chosen factors", async () => {
      const all = await recent({ deviceId: String(water) });
      expect(all.from).toBe(t().clock.now() - 60 * MINUTE_MS);
      expect(all.truncated).toBe(false);
      expect(all.points.map((p) => [p.factorCode, p.value])).toEqual([
        ['w01018', 2],
        ['w01001', 7],
        ['w01018', 3],
      ]);
      const one = await recent({ deviceId: String(water), factorCodes: 'w01018, w01018', minutes: '120' });
      expect(one.points.map((p) => p.value)).toEqual([1, 2, 3]);
      expect(one.points[0]).toEqual({
        factorCode: 'w01018',
        dataTime: t().clock.now() - 90 * MINUTE_MS,
        value: 1,
        flag: 'N',
        quality: 'N',
      });
    });

    it('refuses an unknown device, a device not bound under ifFilter=1, and a window past a day', async () => {
      const unknown = body(
        await t().app.inject({ method: 'GET', url: `${RECENT}?deviceId=999999`, headers: { token: admin } }),
      );
      expect(unknown.status).toBe(-1);
      const chart = await userWith(t(), admin, 'rt-chart-bound', ['realtime.chart'], ['RT-WATER-01']);
      expect((await recent({ deviceId: String(water), ifFilter: '1' }, chart)).points).toHaveLength(3);
      const notBound = await t().app.inject({
        method: 'GET',
        url: `${RECENT}?deviceId=${other}&ifFilter=1`,
        headers: { token: chart },
      });
      expect(body(notBound).status).toBe(-1);
      const tooLong = await t().app.inject({
        method: 'GET',
        url: `${RECENT}?deviceId=${water}&minutes=1441`,
        headers: { token: admin },
      });
      expect(body(tooLong).status).toBe(-1);
    });

    it('keeps the newest values when the window holds more than the cap', async () => {
      const start = t().clock.now() - 30 * MINUTE_MS;
      const many = Array.from({ length: REALTIME_RECENT_MAX_VALUES + 5 }, (_, i) => ({
        ...point(silent, 'w01018', 0, i),
        dataTime: start + i * 50,
      }));
      await query(t(), async (db) => {
        for (let i = 0; i < many.length; i += 1000)
          await db
            .insertInto('measurements')
            .values(many.slice(i, i + 1000))
            .execute();
      });
      const data = await recent({ deviceId: String(silent) });
      expect(data.truncated).toBe(true);
      expect(data.points).toHaveLength(REALTIME_RECENT_MAX_VALUES);
      expect(data.points[0]?.value).toBe(5);
      expect(data.points.at(-1)?.value).toBe(REALTIME_RECENT_MAX_VALUES + 4);
    });
  });

  it('reads 1,000 devices × 10 factors in one fast call', async () => {
    const project = await group('大项目', DEPLOY_TYPE.project);
    const codes = ['w01001', 'w01003', 'w01009', 'w01010', 'w01014', 'w01018', 'w01019', 'w21001', 'w21003', 'w21011'];
    const now = t().clock.now();
    await query(t(), async (db) => {
      const ids: number[] = [];
      for (let chunk = 0; chunk < 1000; chunk += 250) {
        const rows = await db
          .insertInto('devices')
          .values(
            Array.from({ length: 250 }, (_, i) => ({
              deviceName: `大站 ${chunk + i}`,
              deviceCode: `RT-BIG-${String(chunk + i).padStart(4, '0')}`,
              deviceType: '21',
              password: null,
              projectId: project,
              lng: null,
              lat: null,
              installName: null,
              installDate: null,
              installAddress: null,
              installPicId: null,
              installPhoto: null,
              contactCompany: null,
              contactPerson: null,
              contactPhone: null,
              maintainId: null,
              weather: null,
              remark: null,
              preserve02: null,
              preserve03: null,
              createTime: now,
              updateTime: now,
            })),
          )
          .returning('id')
          .execute();
        ids.push(...rows.map((r) => r.id));
      }
      const values = ids.flatMap((id) => codes.map((code, i) => latestValue(id, code, i)));
      for (let i = 0; i < values.length; i += 1000)
        await db
          .insertInto('latestValues')
          .values(values.slice(i, i + 1000))
          .execute();
    });
    const started = performance.now();
    const data = await latest(admin, { projectId: String(project) });
    const elapsed = performance.now() - started;
    expect(data.devices).toHaveLength(1000);
    expect(data.devices.every((d) => d.values.length === 10)).toBe(true);
    expect(data.factors).toHaveLength(10);
    // Generous for a shared 2-core machine; the point is one query, not 1,000.
    expect(elapsed).toBeLessThan(1500);
  });
});
