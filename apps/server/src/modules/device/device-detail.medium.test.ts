import { formatHj212Time, type Hj212Message } from '@envmon/hj212';
import {
  MESSAGES,
  type Device,
  type DeviceLatestValue,
  type DeviceSummary,
  type DeviceSyncResult,
  type OperationLog,
  type Page,
  type Resource,
  type Role,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatedStationSpecs } from '../../simulator/fleet.js';
import { SimulatedStation } from '../../simulator/simulated-station.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, type StationClient, useStationClients } from '../../test/station-client.js';
import { localDayStart } from './device-detail.service.js';

const DEVICE = '/manager/system/device/rest';
const DETAIL = '/manager/system/device/detail/rest';
const SYNC = '/manager/system/device/setting/rest/sync';
const MINUTE = 60_000;

function deviceInput(deviceCode: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lng: 113.9,
    lat: 22.5,
    installName: '王工',
    installDate: Date.UTC(2026, 0, 1),
    contactCompany: '水务公司',
    contactPerson: '赵六',
    contactPhone: '13912345678',
    maintainId: 1,
    deviceName: `站点 ${deviceCode}`,
    deviceCode,
    deviceType: '21',
    intervalTime: 60,
    ...extra,
  };
}

const isAnswer = (cn: string, qn: string | undefined) => (m: Hj212Message) => m.cn === cn && m.qn === qn;

describe('device details, sync and the gateway', () => {
  // Short command waits: an unanswered request times out in 2 × 300 ms.
  const t = useTestApp({ gateway: { commandOptions: { timeoutMs: 300, retries: 1 } } });
  let admin: string;
  const station = useStationClients(t);

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
  });

  const addDevice = (code: string, extra: Record<string, unknown> = {}) =>
    call<Device>(t().app, admin, 'POST', `${DEVICE}/add`, { payload: deviceInput(code, extra) });
  const summary = (deviceId: number) =>
    call<DeviceSummary>(t().app, admin, 'GET', `${DETAIL}/getSummary`, { query: { deviceId: String(deviceId) } });
  const sync = (deviceId: number, items: string[]) =>
    t().app.inject({ method: 'POST', url: SYNC, payload: { deviceId, items }, headers: { token: admin } });
  const rejections = (mn: string) =>
    query(t(), (db) =>
      db.selectFrom('originalPackets').select('reason').where('mn', '=', mn).where('accepted', '=', 0).execute(),
    );

  /** Sends a minute upload and waits for its 9014. */
  async function upload(client: StationClient, mn: string, qn: string, at: number, factors: Record<string, string>) {
    await client.write(
      packet({
        mn,
        qn,
        dataTime: formatHj212Time(at),
        factors: Object.fromEntries(Object.entries(factors).map(([code, avg]) => [code, { Avg: avg, Flag: 'N' }])),
      }),
    );
    await client.waitFor(isAnswer('9014', qn));
  }

  it("summarises a device: connection, today's values and packets (refused ones too), factors, data span", async () => {
    const code = 'SUMMARY-0001';
    const device = await addDevice(code, { password: '123456' });
    const now = t().clock.now();
    const minute = Math.floor(now / MINUTE) * MINUTE;
    const twoDaysAgo = minute - 2 * 86_400_000;
    const client = await station();
    await upload(client, code, '20260301000000001', twoDaysAgo, { w01018: '30.5' });
    await upload(client, code, '20260301000000002', minute, { w01018: '21.5', w01001: '7.1' });
    await client.write(packet({ mn: code, pw: 'wrong', qn: '20260301000000003', dataTime: formatHj212Time(minute) }));
    await expect.poll(async () => (await rejections(code)).map((r) => r.reason)).toEqual(['wrong PW']);

    await expect.poll(async () => (await summary(device.id)).online).toBe(true);
    const s = await summary(device.id);
    expect(s).toMatchObject({
      device: { id: device.id, deviceCode: code, password: '123456' },
      online: true,
      dayStart: localDayStart(now, 480),
      measurementsToday: 2,
      packetsToday: 3,
      rejectedToday: 1,
      factorsReporting: 2,
      firstDataTime: twoDaysAgo,
      lastDataTime: minute,
    });
    expect(s.lastPacketAt).toBeTypeOf('number');
    expect(s.changedAt).toBeTypeOf('number');

    const latest = await call<DeviceLatestValue[]>(t().app, admin, 'GET', `${DETAIL}/getLatest`, {
      query: { deviceId: String(device.id) },
    });
    expect(latest).toHaveLength(2);
    expect(latest).toMatchObject([
      {
        factorCode: 'w01001',
        factorName: 'pH',
        factorNameEn: 'pH',
        // pH has no unit (the document's 'dimensionless' is not kept as one).
        unit: null,
        kind: 'min',
        dataTime: minute,
        value: 7.1,
        flag: 'N',
        quality: 'N',
        receivedAt: now,
      },
      { factorCode: 'w01018', factorName: '化学需氧量', unit: 'mg/L', value: 21.5 },
    ]);

    // The device's factor settings give the unit and the order; unconfigured factors come last.
    await query(t(), (db) =>
      db
        .insertInto('deviceFactors')
        .values({ deviceId: device.id, factorCode: 'w01018', unit: 'g/L', displayOrder: 1 })
        .execute(),
    );
    const configured = await call<DeviceLatestValue[]>(t().app, admin, 'GET', `${DETAIL}/getLatest`, {
      query: { deviceId: String(device.id) },
    });
    expect(configured.map((v) => [v.factorCode, v.unit])).toEqual([
      ['w01018', 'g/L'],
      ['w01001', null],
    ]);

    await client.close();
    await expect.poll(async () => (await summary(device.id)).online).toBe(false);
  });

  it('summarises a device that never reported with zeros and nulls', async () => {
    const device = await addDevice('SUMMARY-0002', { utcOffsetMinutes: 0 });
    expect(await summary(device.id)).toMatchObject({
      online: false,
      changedAt: null,
      lastPacketAt: null,
      dayStart: localDayStart(t().clock.now(), 0),
      measurementsToday: 0,
      packetsToday: 0,
      rejectedToday: 0,
      factorsReporting: 0,
      firstDataTime: null,
      lastDataTime: null,
    });
    expect(
      await call<DeviceLatestValue[]>(t().app, admin, 'GET', `${DETAIL}/getLatest`, {
        query: { deviceId: String(device.id) },
      }),
    ).toEqual([]);
  });

  it('answers an unknown device with notFound and a bad id with a validation failure', async () => {
    const { app } = t();
    for (const route of ['getSummary', 'getLatest', 'getOperateLog']) {
      const missing = await app.inject({
        url: `${DETAIL}/${route}`,
        query: { deviceId: '999999' },
        headers: { token: admin },
      });
      expect(body(missing), route).toEqual({ status: -1, code: '000001', desc: MESSAGES.notFound });
      const bad = await app.inject({
        url: `${DETAIL}/${route}`,
        query: { deviceId: 'abc' },
        headers: { token: admin },
      });
      expect(bad.statusCode, route).toBe(400);
      expect(body(bad).desc, route).toMatch(new RegExp(`^${MESSAGES.invalidInput}设备：`));
    }
    expect(body(await sync(999_999, ['time'])).desc).toBe(MESSAGES.notFound);
  });

  it('lists the operation log entries about one device, newest first, paged', async () => {
    const mine = await addDevice('OPLOG-0001');
    const other = await addDevice('OPLOG-0002');
    t().clock.advance(1000);
    await call(t().app, admin, 'POST', `${DEVICE}/update`, { payload: { ...deviceInput('OPLOG-0001'), id: mine.id } });
    await call(t().app, admin, 'POST', `${DEVICE}/update`, { payload: { ...deviceInput('OPLOG-0002'), id: other.id } });
    t().clock.advance(1000);
    // Not connected: a failure, still logged.
    expect(body(await sync(mine.id, ['time'])).desc).toBe(MESSAGES.deviceNotConnected);

    const log = (q: Record<string, string>) =>
      call<Page<OperationLog>>(t().app, admin, 'GET', `${DETAIL}/getOperateLog`, { query: q });
    const page = await log({ deviceId: String(mine.id) });
    expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 20 });
    expect(page.list.map((l) => [l.url, l.result])).toEqual([
      [SYNC, MESSAGES.deviceNotConnected],
      [`${DEVICE}/update`, ''],
      [`${DEVICE}/add`, ''],
    ]);
    expect(page.list[0]?.status).toBe(-1);
    expect(page.list.every((l) => !l.params?.includes('OPLOG-0002'))).toBe(true);

    const second = await log({ deviceId: String(mine.id), pageNum: '2', pageSize: '1' });
    expect(second).toMatchObject({ total: 3, pageNum: 2, pageSize: 1 });
    expect(second.list.map((l) => l.url)).toEqual([`${DEVICE}/update`]);
    expect((await log({ deviceId: String(other.id) })).total).toBe(2);
  });

  it('syncs interval, time and a changed password with a simulated station and reports each answer', async () => {
    const [spec] = simulatedStationSpecs(1, 'DSYNC');
    if (!spec) throw new Error('no station spec');
    const fields = { password: spec.pw, intervalTime: 120, deviceType: spec.st };
    const device = await addDevice(spec.mn, fields);
    const sim = new SimulatedStation({
      mn: spec.mn,
      pw: spec.pw,
      kind: spec.kind,
      seed: spec.seed,
      host: '127.0.0.1',
      port: t().app.stations?.port ?? 0,
      rtdIntervalMs: 3_600_000,
    });
    const commands: Hj212Message[] = [];
    sim.on('command', (m) => commands.push(m));
    sim.start();
    try {
      expect(await sim.sendNow('2011', Date.now())).toBe(true);
      // The operator sets a new password: the connected station still speaks the old one until synced.
      await call(t().app, admin, 'POST', `${DEVICE}/update`, {
        payload: { ...deviceInput(spec.mn, { ...fields, password: 'NEW072' }), id: device.id },
      });
      expect(await sim.sendNow('2011', Date.now())).toBe(true);

      const response = await sync(device.id, ['password', 'time', 'intervalTime']);
      expect(body(response).status).toBe(200);
      expect(body<DeviceSyncResult[]>(response).data).toEqual([
        { item: 'intervalTime', cn: '1062', outcome: 'ok', qnRtn: 1, exeRtn: 1 },
        { item: 'time', cn: '1012', outcome: 'ok', qnRtn: 1, exeRtn: 1 },
        { item: 'password', cn: '1072', outcome: 'ok', qnRtn: 1, exeRtn: 1 },
      ]);
      expect(commands.map((m) => [m.cn, m.cp, m.pw])).toEqual([
        ['1062', { RtdInterval: '120' }, spec.pw],
        ['1012', { SystemTime: formatHj212Time(t().clock.now(), 480) }, spec.pw],
        ['1072', { NewPW: 'NEW072' }, spec.pw],
      ]);
      expect(sim.rtdIntervalMs).toBe(120_000);
      expect(sim.pw).toBe('NEW072');
      expect(await sim.sendNow('2011', Date.now())).toBe(true);
      expect(await rejections(spec.mn)).toEqual([]);

      // A new connection must use the new password.
      const stranger = await station();
      await stranger.write(packet({ mn: spec.mn, pw: spec.pw, qn: '20260101000000001', dataTime: '20260101000000' }));
      await expect.poll(async () => (await rejections(spec.mn)).map((r) => r.reason)).toEqual(['wrong PW']);
    } finally {
      await sim.stop();
    }
  });

  it('reports a silent station as timeout, a failed execution as failed, and skips a password that is not set', async () => {
    const code = 'SYNC-HAND-0001';
    const device = await addDevice(code);
    const client = await station();
    await upload(client, code, '20260302000000001', t().clock.now(), { w01018: '1' });

    const silent = await sync(device.id, ['time', 'password']);
    expect(body<DeviceSyncResult[]>(silent).data).toEqual([
      { item: 'time', cn: '1012', outcome: 'timeout', qnRtn: null, exeRtn: null },
      { item: 'password', cn: '1072', outcome: 'skipped', qnRtn: null, exeRtn: null },
    ]);
    const sent = client.received.filter((m) => m.cn === '1012');
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((m) => m.qn)).size).toBe(1);

    // Answered by hand: ready (9011 QnRtn=1), then not executed (9012 ExeRtn=2).
    const answering = sync(device.id, ['intervalTime']);
    const request = await client.waitFor((m) => m.cn === '1062');
    const reply = (cn: string, cp: Record<string, string>) =>
      client.write(packet({ mn: code, cn, st: '91', flag: 4, qn: request.qn, cp }));
    await reply('9011', { QnRtn: '1' });
    await reply('9012', { ExeRtn: '2' });
    expect(body<DeviceSyncResult[]>(await answering).data).toEqual([
      { item: 'intervalTime', cn: '1062', outcome: 'failed', qnRtn: 1, exeRtn: 2 },
    ]);
  });

  it('refuses sync to a station that is not connected, and checks the items', async () => {
    const device = await addDevice('SYNC-OFF-0001');
    expect(body(await sync(device.id, ['time']))).toEqual({
      status: -1,
      code: '000001',
      desc: MESSAGES.deviceNotConnected,
    });
    for (const items of [[], ['bogus']]) {
      const response = await sync(device.id, items);
      expect(response.statusCode).toBe(400);
      expect(body(response).desc).toMatch(new RegExp(`^${MESSAGES.invalidInput}同步参数：`));
    }
  });

  it('makes the gateway read a device again at once after add, update and delete', async () => {
    const code = 'FORGET-0001';
    const client = await station();
    const send = (qn: string) =>
      client.write(
        packet({ mn: code, qn, dataTime: formatHj212Time(t().clock.now()), factors: { w01018: { Avg: '2' } } }),
      );

    await send('20260303000000001');
    await expect.poll(async () => (await rejections(code)).map((r) => r.reason)).toEqual(['unknown MN']);
    const device = await addDevice(code, { ifValid: 0 });
    await send('20260303000000002');
    await expect
      .poll(async () => (await rejections(code)).map((r) => r.reason))
      .toEqual(['unknown MN', 'device not valid']);

    await call(t().app, admin, 'POST', `${DEVICE}/update`, { payload: { ...deviceInput(code), id: device.id } });
    await send('20260303000000003');
    await client.waitFor(isAnswer('9014', '20260303000000003'));

    await call(t().app, admin, 'GET', `${DEVICE}/delete`, { query: { id: String(device.id) } });
    await send('20260303000000004');
    await expect
      .poll(async () => (await rejections(code)).map((r) => r.reason))
      .toEqual(['unknown MN', 'device not valid', 'unknown MN']);
  });

  it('answers 401 without a token and 403 without the device resource or its write permission', async () => {
    const { app } = t();
    const reads = ['getSummary', 'getOperateLog', 'getLatest'].map((r) => `${DETAIL}/${r}?deviceId=1`);
    for (const url of reads) expect((await app.inject({ url })).statusCode, url).toBe(401);
    expect((await app.inject({ method: 'POST', url: SYNC, payload: {} })).statusCode).toBe(401);

    const resources = (
      await call<Page<Resource>>(app, admin, 'GET', '/manager/system/resource/rest/getAll', {
        query: { pageSize: '1000' },
      })
    ).list;
    const userWith = async (userName: string, codes: string[]) => {
      const role = await call<Role>(app, admin, 'POST', '/manager/system/role/rest/add', {
        payload: {
          roleName: `role-${userName}`,
          resourceIds: resources.filter((r) => codes.includes(r.resCode)).map((r) => r.id),
        },
      });
      await call(app, admin, 'POST', '/manager/system/user/rest/add', {
        payload: { userName, name: userName, password: 'Detail@123', roleIds: [role.id] },
      });
      return login(app, userName, 'Detail@123');
    };
    const outsider = await userWith('detail-outsider', ['system.log']);
    const reader = await userWith('detail-reader', ['system.device']);
    for (const url of reads) {
      const response = await app.inject({ url, headers: { token: outsider } });
      expect(response.statusCode, url).toBe(403);
      expect(body(response).desc).toBe(MESSAGES.noPermission);
      expect((await app.inject({ url, headers: { token: reader } })).statusCode, url).toBe(200);
    }
    for (const token of [outsider, reader]) {
      expect((await app.inject({ method: 'POST', url: SYNC, payload: {}, headers: { token } })).statusCode).toBe(403);
    }
  });
});
