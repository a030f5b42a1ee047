import { MESSAGES, type DeviceFactor, type DeviceFactorMap, type Factor, type FactorUnit, type Page } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, StationClient } from '../../test/station-client.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const FACTOR = '/manager/settings/factor/rest';
const DEVICE_FACTOR = '/manager/settings/factor/device/rest';

const customFactor = {
  factorCode: 'x90001',
  factorName: '叶绿素',
  factorNameEn: 'Chlorophyll',
  kind: 'water',
  unit: 'µg/L',
  decimals: 2,
  rangeMin: 0,
  rangeMax: 500,
  zeroIsSuspect: true,
  constantCount: 6,
  riseRatio: 2,
  dropRatio: 0.8,
};

describe('monitor factors and device factors', () => {
  const t = useTestApp({ gateway: true });
  let admin: string;
  let device: number;
  let other: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    device = await insertDevice(t(), 'FCT0001');
    other = await insertDevice(t(), 'FCT0002');
  });

  const get = (url: string, q: Record<string, string> = {}, token = admin) =>
    t().app.inject({ url, query: q, headers: { token } });
  const post = (url: string, payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url, payload, headers: { token } });
  const quality = () => {
    const stations = t().app.stations;
    if (!stations) throw new Error('the gateway is not running');
    return stations.quality;
  };

  it("names every factor's unit from the unit vocabulary through getAllNewFactorUnit", async () => {
    const units = await call<FactorUnit[]>(t().app, admin, 'GET', `${FACTOR}/getAllNewFactorUnit`, {
      query: { kind: 'water' },
    });
    expect(units.every((u) => u.kind === 'water')).toBe(true);
    expect(units.find((u) => u.factorCode === 'w01018')).toMatchObject({
      factorName: '化学需氧量',
      unit: 'mg/L',
      unitName: '毫克/升',
      unitNameEn: 'mg/L',
    });
    // pH has no unit in the catalogue: nothing to name.
    expect(units.find((u) => u.factorCode === 'w01001')).toMatchObject({ unit: null, unitName: null });
  });

  it('lists the seeded catalogue paged and filtered, and whole through getAll', async () => {
    const water = await call<Page<Factor>>(t().app, admin, 'GET', `${FACTOR}/get`, {
      query: { kind: 'water', pageSize: '5' },
    });
    expect(water.list).toHaveLength(5);
    expect(water.list.every((f) => f.kind === 'water' && f.builtIn)).toBe(true);
    const cod = await call<Page<Factor>>(t().app, admin, 'GET', `${FACTOR}/get`, {
      query: { factorName: '化学需氧量' },
    });
    expect(cod.list.map((f) => f.factorCode)).toContain('w01018');
    const byCode = await call<Page<Factor>>(t().app, admin, 'GET', `${FACTOR}/get`, { query: { factorCode: 'a3400' } });
    expect(byCode.list.map((f) => f.factorCode)).toEqual(expect.arrayContaining(['a34002', 'a34004']));
    const air = await call<Factor[]>(t().app, admin, 'GET', `${FACTOR}/getAll`, { query: { kind: 'air' } });
    expect(air.length).toBeGreaterThan(10);
    expect(air.every((f) => f.kind === 'air')).toBe(true);
  });

  it('adds a factor, refuses its code twice and bad parameters, and updates it', async () => {
    const added = await call<Factor>(t().app, admin, 'POST', `${FACTOR}/add`, { payload: customFactor });
    expect(added).toMatchObject({ ...customFactor, builtIn: false, legacyCode: null });
    expect(body(await post(`${FACTOR}/add`, customFactor)).desc).toBe(MESSAGES.factorCodeTaken);
    expect(
      (await post(`${FACTOR}/add`, { ...customFactor, factorCode: 'x90002', rangeMin: 10, rangeMax: 1 })).statusCode,
    ).toBe(400);
    expect((await post(`${FACTOR}/add`, { ...customFactor, factorCode: 'bad code' })).statusCode).toBe(400);
    expect((await post(`${FACTOR}/add`, { ...customFactor, factorCode: 'x90003', kind: 'soil' })).statusCode).toBe(400);

    const updated = await call<Factor>(t().app, admin, 'POST', `${FACTOR}/update`, {
      payload: { ...customFactor, rangeMax: 800, dropRatio: 0.5 },
    });
    expect(updated).toMatchObject({ rangeMax: 800, dropRatio: 0.5 });
    // The running pipeline sees the factor's new parameters at once.
    expect(quality().params(device, 'x90001')).toMatchObject({ rangeMax: 800, dropRatio: 0.5 });
    expect(body(await post(`${FACTOR}/update`, { ...customFactor, factorCode: 'x99999' })).desc).toBe(
      MESSAGES.notFound,
    );
  });

  it('replaces a device’s factor list with per-device settings, which the pipeline uses for that device only', async () => {
    const list = await call<DeviceFactor[]>(t().app, admin, 'POST', `${DEVICE_FACTOR}/update`, {
      payload: {
        deviceId: device,
        factors: [
          { factorCode: 'w01018', unit: 'mg/L', standardLimit: 20, rangeMax: 100, riseRatio: 1 },
          { factorCode: 'x90001', zeroIsSuspect: false },
          { factorCode: 'w01001', displayOrder: 9 },
        ],
      },
    });
    expect(list.map((f) => [f.factorCode, f.displayOrder])).toEqual([
      ['w01018', 1],
      ['x90001', 2],
      ['w01001', 9],
    ]);
    expect(list[0]).toMatchObject({
      deviceCode: 'FCT0001',
      factorName: '化学需氧量',
      unit: 'mg/L',
      standardLimit: 20,
      rangeMin: null,
      rangeMax: 100,
      riseRatio: 1,
      zeroIsSuspect: null,
    });
    expect(list[1]?.zeroIsSuspect).toBe(false);

    const catalogue = quality();
    expect(catalogue.params(device, 'w01018')).toMatchObject({
      rangeMin: 0,
      rangeMax: 100,
      riseRatio: 1,
      zeroIsSuspect: true,
    });
    expect(catalogue.params(other, 'w01018')).toMatchObject({ rangeMax: 2000, riseRatio: 2 });
    expect(catalogue.params(device, 'x90001')).toMatchObject({ zeroIsSuspect: false, rangeMax: 800 });

    // A second update replaces the whole list.
    await call(t().app, admin, 'POST', `${DEVICE_FACTOR}/update`, {
      payload: { deviceId: other, factors: [{ factorCode: 'a34004' }, { factorCode: 'w01018', standardLimit: 30 }] },
    });
    await call(t().app, admin, 'POST', `${DEVICE_FACTOR}/update`, {
      payload: { deviceId: device, factors: [{ factorCode: 'w01018', rangeMax: 50 }, { factorCode: 'x90001' }] },
    });
    const byDevice = await call<DeviceFactor[]>(t().app, admin, 'GET', `${DEVICE_FACTOR}/getByDeviceId`, {
      query: { deviceId: String(device) },
    });
    expect(byDevice.map((f) => f.factorCode)).toEqual(['w01018', 'x90001']);
    expect(catalogue.params(device, 'w01018').rangeMax).toBe(50);
  });

  it('flags what a station sends with that station’s own parameters', async () => {
    const port = t().app.stations?.port;
    if (port === undefined) throw new Error('the gateway is not running');
    // FCT0001 narrowed w01018's range to 50 above; FCT0002 keeps the catalogue's (up to 2000).
    for (const [mn, qn] of [
      ['FCT0001', '20260101120000001'],
      ['FCT0002', '20260101120000002'],
    ] as const) {
      const client = await StationClient.connect(port);
      try {
        await client.write(
          packet({ mn, qn, dataTime: '20260101120000', factors: { w01018: { Avg: '60', Flag: 'N' } } }),
        );
        await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
      } finally {
        await client.close();
      }
    }
    const rows = await query(t(), (db) =>
      db
        .selectFrom('measurements')
        .select(['deviceId', 'quality'])
        .where('factorCode', '=', 'w01018')
        .where('deviceId', 'in', [device, other])
        .orderBy('deviceId')
        .execute(),
    );
    expect(rows).toEqual([
      { deviceId: device, quality: 'SH1' },
      { deviceId: other, quality: 'N' },
    ]);
  });

  it('refuses unknown devices and factors and a factor listed twice', async () => {
    const unknownFactor = await post(`${DEVICE_FACTOR}/update`, {
      deviceId: device,
      factors: [{ factorCode: 'zz0000' }],
    });
    expect(body(unknownFactor).desc).toBe(MESSAGES.factorUnknown);
    const unknownDevice = await post(`${DEVICE_FACTOR}/update`, { deviceId: 99999, factors: [] });
    expect(body(unknownDevice).desc).toBe(MESSAGES.notFound);
    const twice = await post(`${DEVICE_FACTOR}/update`, {
      deviceId: device,
      factors: [{ factorCode: 'w01018' }, { factorCode: 'w01018' }],
    });
    expect(twice.statusCode).toBe(400);
    expect(body(await get(`${DEVICE_FACTOR}/getByDeviceId`, { deviceId: '99999' })).desc).toBe(MESSAGES.notFound);
  });

  it('reads device factors paged, all, as a deviceCode map and as the factors of several devices', async () => {
    const page = await call<Page<DeviceFactor>>(t().app, admin, 'GET', `${DEVICE_FACTOR}/get`, {
      query: { factorCode: 'w01018' },
    });
    expect(page.list.map((f) => f.deviceCode)).toEqual(['FCT0001', 'FCT0002']);
    const all = await call<DeviceFactor[]>(t().app, admin, 'GET', `${DEVICE_FACTOR}/getAll`, {
      query: { deviceId: String(other) },
    });
    expect(all.map((f) => f.factorCode)).toEqual(['a34004', 'w01018']);

    const map = await call<{ data: DeviceFactorMap }>(t().app, admin, 'GET', `${DEVICE_FACTOR}/getDeviceFactor`, {
      query: { deviceCodes: 'FCT0001,FCT0002,NONE' },
    });
    expect(Object.keys(map.data).sort()).toEqual(['FCT0001', 'FCT0002', 'NONE']);
    expect(map.data.FCT0002?.map((f) => f.factorCode)).toEqual(['a34004', 'w01018']);
    expect(map.data.NONE).toEqual([]);

    const factors = await call<Factor[]>(t().app, admin, 'GET', `${DEVICE_FACTOR}/getFactorListByDeviceCodes`, {
      query: { deviceCodes: 'FCT0001,FCT0002' },
    });
    expect(factors.map((f) => f.factorCode)).toEqual(['a34004', 'w01018', 'x90001']);
    expect(
      await call<Factor[]>(t().app, admin, 'GET', `${DEVICE_FACTOR}/getFactorListByDeviceCodes`, {
        query: { deviceCodes: '' },
      }),
    ).toEqual([]);
  });

  it('deletes only factors that are neither built in nor used by a device or virtual device', async () => {
    expect(body(await get(`${FACTOR}/delete`, { factorCode: 'w01018' })).desc).toBe(MESSAGES.builtInProtected);
    expect(body(await get(`${FACTOR}/delete`, { factorCode: 'x90001' })).desc).toBe(MESSAGES.inUse);
    await call(t().app, admin, 'POST', `${DEVICE_FACTOR}/update`, {
      payload: { deviceId: device, factors: [{ factorCode: 'w01018' }] },
    });
    await call(t().app, admin, 'POST', '/manager/system/device/virtual/rest/add', {
      payload: { deviceId: device, virtualName: '叶绿素点', virtualCode: 'V-CHL', factorCodes: ['w01018', 'x90001'] },
    });
    expect(body(await get(`${FACTOR}/delete`, { factorCode: 'x90001' })).desc).toBe(MESSAGES.inUse);
    const virtual = await call<Page<{ id: number }>>(t().app, admin, 'GET', '/manager/system/device/virtual/rest/get', {
      query: { deviceId: String(device) },
    });
    await call(t().app, admin, 'GET', '/manager/system/device/virtual/rest/delete', {
      query: { id: String(virtual.list[0]?.id) },
    });
    expect(body(await get(`${FACTOR}/delete`, { factorCode: 'x90001' })).status).toBe(200);
    expect(body(await get(`${FACTOR}/delete`, { factorCode: 'x90001' })).desc).toBe(MESSAGES.notFound);
    expect(await call<Factor[]>(t().app, admin, 'GET', `${FACTOR}/getAll`)).not.toContainEqual(
      expect.objectContaining({ factorCode: 'x90001' }),
    );
  });

  it('answers 401 without a token and 403 without the factor or device page', async () => {
    const guarded: ['GET' | 'POST', string, 'read' | 'write' | 'deviceWrite'][] = [
      ['GET', `${FACTOR}/get`, 'read'],
      ['POST', `${FACTOR}/add`, 'write'],
      ['POST', `${FACTOR}/update`, 'write'],
      ['GET', `${FACTOR}/delete?factorCode=x`, 'write'],
      ['GET', `${DEVICE_FACTOR}/get`, 'read'],
      ['GET', `${DEVICE_FACTOR}/getByDeviceId?deviceId=1`, 'read'],
      ['POST', `${DEVICE_FACTOR}/update`, 'deviceWrite'],
    ];
    const outsider = await userWith(t(), admin, 'factor-outsider', ['report', 'report.summary']);
    const factorReader = await userWith(t(), admin, 'factor-reader', ['settings', 'settings.factor']);
    const deviceEditor = await userWith(t(), admin, 'device-editor', ['system.device', 'system.device:write']);
    for (const [method, url, kind] of guarded) {
      const payload = method === 'POST' ? {} : undefined;
      expect((await t().app.inject({ method, url, payload })).statusCode, url).toBe(401);
      expect((await t().app.inject({ method, url, payload, headers: { token: outsider } })).statusCode, url).toBe(403);
      const asReader = await t().app.inject({ method, url, payload, headers: { token: factorReader } });
      expect(asReader.statusCode === 403, url).toBe(kind !== 'read');
      const asDeviceEditor = await t().app.inject({ method, url, payload, headers: { token: deviceEditor } });
      expect(asDeviceEditor.statusCode === 403, url).toBe(kind === 'write');
    }
    // The spec's common reads: any signed-in user, nobody without a token.
    for (const url of [
      `${FACTOR}/getAll`,
      `${DEVICE_FACTOR}/getAll`,
      `${DEVICE_FACTOR}/getDeviceFactor`,
      `${DEVICE_FACTOR}/getFactorListByDeviceCodes`,
    ]) {
      expect((await t().app.inject({ url })).statusCode, url).toBe(401);
      expect((await t().app.inject({ url, headers: { token: outsider } })).statusCode, url).toBe(200);
    }
  });
});

describe('demo seed: grouping records and device factors of the simulated stations', () => {
  const t = useTestApp({ demo: true });

  it('groups every demo station in its project and gives it the factors its station sends', async () => {
    const admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    const devices = await call<{ id: number; deviceCode: string; virtualDevices: unknown[] }[]>(
      t().app,
      admin,
      'GET',
      '/manager/system/device/rest/getAllWithVirtual',
    );
    expect(devices.length).toBeGreaterThan(0);
    const records = await call<{ deviceId: number; deployType: number }[]>(
      t().app,
      admin,
      'GET',
      '/manager/system/device/deploy/rest/getAll',
      { query: { deployType: '1' } },
    );
    expect(records.map((r) => r.deviceId).sort((a, b) => a - b)).toEqual(
      devices.map((d) => d.id).sort((a, b) => a - b),
    );
    const map = await call<{ data: DeviceFactorMap }>(t().app, admin, 'GET', `${DEVICE_FACTOR}/getDeviceFactor`);
    for (const d of devices) expect(map.data[d.deviceCode]?.length, d.deviceCode).toBeGreaterThan(0);
  });
});
