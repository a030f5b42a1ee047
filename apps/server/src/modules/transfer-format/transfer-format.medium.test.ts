import type { Page, Upstream, UpstreamDevice } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const BASE = '/manager/settings/transferformat/rest';

const PROVINCE = {
  name: 'Province platform',
  host: '10.1.2.3',
  port: 9212,
  protocol: '2017',
  st: '21',
  password: 'prov01',
  ackRequired: true,
  overTimeSeconds: 5,
  reCount: 2,
};

const settings = (deviceId: number, upstreamMn: string, extra: Record<string, unknown> = {}) => ({
  deviceId,
  upstreamMn,
  upstreamPassword: 'pw' + upstreamMn.slice(-4),
  cns: ['2061', '2011', '2051'],
  factors: [{ factorCode: 'w01018', upstreamCode: '011', ratio: 1, decimals: 1 }],
  ...extra,
});

describe('Settings › transfer format: upstreams and their devices', () => {
  const t = useTestApp();
  let admin: string;
  let d1: number;
  let d2: number;
  let d3: number;
  let reader: string;
  let bound: string;
  let upstream: Upstream;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    d1 = await insertDevice(t(), 'FWD0001');
    d2 = await insertDevice(t(), 'FWD0002');
    d3 = await insertDevice(t(), 'FWD0003');
    reader = await userWith(t(), admin, 'fwd-reader', ['settings.transfer-format']);
    bound = await userWith(
      t(),
      admin,
      'fwd-bound',
      ['settings.transfer-format', 'settings.transfer-format:write'],
      ['FWD0003'],
    );
    upstream = await call<Upstream>(t().app, admin, 'POST', `${BASE}/update`, { payload: PROVINCE });
  });

  it('adds an upstream with the defaults and shows its password only to who may edit it', async () => {
    expect(upstream).toMatchObject({ ...PROVINCE, enabled: true, deviceCount: 0, remark: null });
    const asAdmin = await call<Page<Upstream>>(t().app, admin, 'GET', `${BASE}/get`);
    expect(asAdmin.list.map((u) => [u.name, u.password])).toEqual([['Province platform', 'prov01']]);
    const asReader = await call<Page<Upstream>>(t().app, reader, 'GET', `${BASE}/get`);
    expect(asReader.list.map((u) => u.password)).toEqual(['******']);
    // The reader may not write, the page right is needed to read.
    const refused = await t().app.inject({
      method: 'POST',
      url: `${BASE}/update`,
      payload: PROVINCE,
      headers: { token: reader },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('keeps the saved password when the masked one comes back, refuses a second name and checks the fields', async () => {
    const edited = await call<Upstream>(t().app, admin, 'POST', `${BASE}/update`, {
      payload: { ...PROVINCE, id: upstream.id, password: '******', protocol: '2005', port: 9300 },
    });
    expect(edited).toMatchObject({ protocol: '2005', port: 9300, password: 'prov01' });
    const twice = body(
      await t().app.inject({ method: 'POST', url: `${BASE}/update`, payload: PROVINCE, headers: { token: admin } }),
    );
    expect(twice.desc).toBe('上级平台名称已存在！');
    for (const bad of [{ st: '2' }, { port: 70000 }, { password: 'a;b' }, { protocol: '2025' }]) {
      const r = body(
        await t().app.inject({
          method: 'POST',
          url: `${BASE}/update`,
          payload: { ...PROVINCE, name: 'Other', ...bad },
          headers: { token: admin },
        }),
      );
      expect(r.status, JSON.stringify(bad)).toBe(-1);
    }
    // A user bound to devices does not edit an upstream every station may be forwarded to.
    const restricted = await t().app.inject({
      method: 'POST',
      url: `${BASE}/update`,
      payload: { ...PROVINCE, name: 'Mine' },
      headers: { token: bound },
    });
    expect(restricted.statusCode).toBe(403);
  });

  it('sets many devices at once, lists them with their status, and moves MNs between them in one call', async () => {
    const saved = await call<{ saved: number }>(t().app, admin, 'POST', `${BASE}/updates`, {
      payload: {
        upstreamId: upstream.id,
        devices: [
          settings(d1, 'PROV0001'),
          settings(d2, 'PROV0002', { valueSource: 'raw', fromTime: 1_700_000_000_000 }),
        ],
      },
    });
    expect(saved).toEqual({ saved: 2 });
    const page = await call<Page<UpstreamDevice>>(t().app, admin, 'GET', `${BASE}/getList`, {
      query: { upstreamId: String(upstream.id) },
    });
    expect(page.total).toBe(2);
    expect(page.list[0]).toMatchObject({
      deviceId: d1,
      mn: 'FWD0001',
      upstreamMn: 'PROV0001',
      upstreamPassword: 'pw0001',
      // In the standard's order, whatever order they came in.
      cns: ['2011', '2051', '2061'],
      factors: [{ factorCode: 'w01018', upstreamCode: '011', ratio: 1, decimals: 1 }],
      valueSource: 'audited',
      fromTime: null,
      enabled: true,
      status: {
        connected: false,
        queued: 0,
        sent: 0,
        acknowledged: 0,
        dropped: 0,
        lastError: null,
        lastDataTime: null,
      },
    });
    expect(page.list[1]).toMatchObject({ deviceId: d2, valueSource: 'raw', fromTime: 1_700_000_000_000 });
    const asReader = await call<Page<UpstreamDevice>>(t().app, reader, 'GET', `${BASE}/getList`, {
      query: { upstreamId: String(upstream.id) },
    });
    expect(asReader.list.map((d) => d.upstreamPassword)).toEqual(['******', '******']);

    // Swapping the two MNs (and the masked password keeps each device's own).
    await call(t().app, admin, 'POST', `${BASE}/updates`, {
      payload: {
        upstreamId: upstream.id,
        devices: [
          settings(d1, 'PROV0002', { upstreamPassword: '******' }),
          settings(d2, 'PROV0001', { upstreamPassword: '******' }),
        ],
      },
    });
    const rows = await query(t(), (db) =>
      db
        .selectFrom('upstreamDevices')
        .select(['deviceId', 'upstreamMn', 'upstreamPassword'])
        .orderBy('deviceId')
        .execute(),
    );
    expect(rows).toEqual([
      { deviceId: d1, upstreamMn: 'PROV0002', upstreamPassword: 'pw0001' },
      { deviceId: d2, upstreamMn: 'PROV0001', upstreamPassword: 'pw0002' },
    ]);
    const upstreams = await call<Page<Upstream>>(t().app, admin, 'GET', `${BASE}/get`);
    expect(upstreams.list[0]!.deviceCount).toBe(2);
  });

  it('refuses an MN another device of the upstream uses, and devices outside the caller’s scope', async () => {
    const taken = body(
      await t().app.inject({
        method: 'POST',
        url: `${BASE}/updates`,
        payload: { upstreamId: upstream.id, devices: [settings(d3, 'PROV0001')] },
        headers: { token: admin },
      }),
    );
    expect(taken.desc).toBe('该上级平台下的设备 MN 已存在！');
    const outside = body(
      await t().app.inject({
        method: 'POST',
        url: `${BASE}/updates`,
        payload: { upstreamId: upstream.id, devices: [settings(d3, 'PROV0003'), settings(d1, 'PROV0009')] },
        headers: { token: bound },
      }),
    );
    expect(outside.desc).toBe('数据不存在！');
    // Nothing of the refused call was saved.
    const mns = await query(t(), (db) =>
      db.selectFrom('upstreamDevices').select('upstreamMn').orderBy('upstreamMn').execute(),
    );
    expect(mns.map((r) => r.upstreamMn)).toEqual(['PROV0001', 'PROV0002']);

    await call(t().app, bound, 'POST', `${BASE}/updates`, {
      payload: { upstreamId: upstream.id, devices: [settings(d3, 'PROV0003')] },
    });
    const seen = await call<Page<UpstreamDevice>>(t().app, bound, 'GET', `${BASE}/getList`, {
      query: { upstreamId: String(upstream.id) },
    });
    expect(seen.list.map((d) => d.mn)).toEqual(['FWD0003']);
  });

  it('deletes one device (GET) and then the upstream with everything under it (POST), logging both', async () => {
    const now = t().clock.now();
    const [row] = await query(t(), (db) =>
      db.selectFrom('upstreamDevices').select('id').where('deviceId', '=', d1).execute(),
    );
    await query(t(), async (db) => {
      await db
        .insertInto('forwardQueue')
        .values({ upstreamDeviceId: row!.id, cn: '2061', dataTime: now, enqueueTime: now })
        .execute();
      await db.insertInto('forwardStatus').values({ upstreamDeviceId: row!.id, sent: 3 }).execute();
    });
    const before = await call<Page<UpstreamDevice>>(t().app, admin, 'GET', `${BASE}/getList`, {
      query: { upstreamId: String(upstream.id) },
    });
    expect(before.list.find((d) => d.deviceId === d1)!.status).toMatchObject({ queued: 1, sent: 3 });

    // A bound user may not stop another device's forwarding, nor delete the upstream.
    const other = body(
      await t().app.inject({
        method: 'GET',
        url: `${BASE}/delete`,
        query: { id: String(upstream.id), deviceId: String(d2) },
        headers: { token: bound },
      }),
    );
    expect(other.desc).toBe('数据不存在！');
    const whole = await t().app.inject({
      method: 'POST',
      url: `${BASE}/delete`,
      payload: { id: upstream.id },
      headers: { token: bound },
    });
    expect(whole.statusCode).toBe(403);

    await call(t().app, admin, 'GET', `${BASE}/delete`, { query: { id: String(upstream.id), deviceId: String(d2) } });
    expect(
      await query(t(), (db) => db.selectFrom('upstreamDevices').select('deviceId').orderBy('deviceId').execute()),
    ).toEqual([{ deviceId: d1 }, { deviceId: d3 }]);
    await call(t().app, admin, 'POST', `${BASE}/delete`, { payload: { id: upstream.id } });
    const left = await query(t(), async (db) => ({
      upstreams: await db.selectFrom('upstreams').select('id').execute(),
      devices: await db.selectFrom('upstreamDevices').select('id').execute(),
      queue: await db.selectFrom('forwardQueue').select('id').execute(),
      status: await db.selectFrom('forwardStatus').select('upstreamDeviceId').execute(),
    }));
    expect(left).toEqual({ upstreams: [], devices: [], queue: [], status: [] });

    const logs = await query(t(), (db) =>
      db
        .selectFrom('operationLogs')
        .select(['url', 'params'])
        .where('url', 'like', `${BASE}/%`)
        .orderBy('id')
        .execute(),
    );
    expect(logs.map((l) => l.url.split('?')[0])).toContain(`${BASE}/delete`);
    expect(logs.filter((l) => l.url.startsWith(`${BASE}/delete`)).length).toBeGreaterThanOrEqual(2);
    // Passwords never reach the log.
    expect(logs.some((l) => (l.params ?? '').includes('prov01') || (l.params ?? '').includes('pw0001'))).toBe(false);
  });
});
