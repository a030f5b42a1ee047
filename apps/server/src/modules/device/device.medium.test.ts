import {
  DV,
  LIMITS,
  MESSAGES,
  type Device,
  type DeviceStatus,
  type DeviceUser,
  type OperationLog,
  type Page,
  type Resource,
  type Role,
  translate,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';

const DEVICE = '/manager/system/device/rest';
const SYNC = '/manager/system/device/setting/rest/sync';
const INSTALLED = '/manager/system/user/rest/getInstalledDevs';
const USER = '/manager/system/user/rest';

/** The Chinese text of an i18n key: what desc names a field and its rule with. */
function zh(key: string): string {
  const text = translate(key, 'zh-CN');
  if (text === null) throw new Error(`no text for ${key}`);
  return text;
}

/** A form that passes every rule of SPEC section 5. */
function deviceInput(deviceCode: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lng: 114.26,
    lat: 22.71,
    installName: '张工',
    installDate: Date.UTC(2026, 0, 1),
    installAddress: '深圳市龙岗区',
    contactCompany: '环境监测站',
    contactPerson: '李四',
    contactPhone: '13800138000',
    maintainId: 1,
    deviceName: `设备 ${deviceCode}`,
    deviceCode,
    deviceType: '21',
    intervalTime: 60,
    ...extra,
  };
}

describe('device API', () => {
  const t = useTestApp();
  let admin: string;
  let resources: Resource[];

  const resourceId = (code: string) => {
    const found = resources.find((r) => r.resCode === code);
    if (!found) throw new Error(`no resource ${code}`);
    return found.id;
  };

  /** A signed-in user with a role holding `codes` and bound to `deviceCodes`. */
  async function userWith(userName: string, codes: string[], deviceCodes: string[] = []): Promise<string> {
    const role = await call<Role>(t().app, admin, 'POST', '/manager/system/role/rest/add', {
      payload: { roleName: `role-${userName}`, resourceIds: codes.map(resourceId) },
    });
    await call(t().app, admin, 'POST', `${USER}/add`, {
      payload: { userName, name: userName, password: 'Device@123', roleIds: [role.id], deviceCodes },
    });
    return login(t().app, userName, 'Device@123');
  }

  const add = (payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url: `${DEVICE}/add`, payload, headers: { token } });
  const update = (payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url: `${DEVICE}/update`, payload, headers: { token } });
  const remove = (id: number, token = admin) =>
    t().app.inject({ url: `${DEVICE}/delete`, query: { id: String(id) }, headers: { token } });
  const addDevice = (code: string, extra: Record<string, unknown> = {}) =>
    call<Device>(t().app, admin, 'POST', `${DEVICE}/add`, { payload: deviceInput(code, extra) });
  const list = (q: Record<string, string>, token = admin) =>
    call<Page<Device>>(t().app, token, 'GET', `${DEVICE}/getAll`, { query: q });

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    resources = (
      await call<Page<Resource>>(t().app, admin, 'GET', '/manager/system/resource/rest/getAll', {
        query: { pageSize: '1000' },
      })
    ).list;
  });

  it('adds a device and answers it as the DTO, trimmed and with defaults', async () => {
    const device = await addDevice('ADD-0001', { deviceName: '  Pump house  ', remark: '', password: 'pw1' });
    expect(device).toMatchObject({
      deviceName: 'Pump house',
      deviceCode: 'ADD-0001',
      deviceType: '21',
      intervalTime: 60,
      lng: 114.26,
      lat: 22.71,
      installDate: Date.UTC(2026, 0, 1),
      contactPhone: '13800138000',
      maintainId: 1,
      ifValid: 1,
      remark: null,
      password: 'pw1',
      utcOffsetMinutes: 480,
      acceptModbusCrc: 0,
    });
    expect(device.id).toBeTypeOf('number');
    expect(device.createTime).toBe(t().clock.now());
    expect(device).not.toHaveProperty('projectId');
  });

  it('refuses a taken code on add with UNIQUENESS', async () => {
    await addDevice('DUP-0001');
    const response = await add(deviceInput('DUP-0001', { deviceName: 'another' }));
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({
      status: -1,
      code: '000001',
      desc: MESSAGES.deviceCodeTaken,
      data: { reason: 'UNIQUENESS' },
    });
  });

  it('checks the form rules on the server and names the rule in desc', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ contactPhone: '12345678901' }, 'contactPhone', DV.contactPhonePattern],
      [{ contactPhone: '' }, 'contactPhone', DV.contactPhone],
      [{ intervalTime: 0 }, 'intervalTime', DV.intervalTimePositive],
      [{ intervalTime: 1.5 }, 'intervalTime', DV.intervalTimePositive],
      [{ deviceName: '   ' }, 'deviceName', DV.deviceName],
      [{ deviceCode: '' }, 'deviceCode', DV.deviceCode],
      [{ deviceType: '' }, 'deviceType', DV.deviceType],
      [{ installName: 'x'.repeat(65) }, 'installName', DV.max64],
      [{ contactCompany: 'x'.repeat(129) }, 'contactCompany', DV.max128],
      [{ contactPerson: undefined }, 'contactPerson', DV.contactPerson],
      [{ maintainId: undefined }, 'maintainId', DV.maintainId],
      [{ lng: undefined }, 'lng', DV.lng],
    ];
    for (const [change, field, key] of cases) {
      const response = await add(deviceInput('RULE-0001', change));
      expect(response.statusCode, field).toBe(400);
      // The first broken rule of the field leads (an empty phone also fails the pattern).
      expect(body(response).desc.split('；')[0], field).toBe(
        `${MESSAGES.invalidInput}${zh(`device.fields.${field}`)}：${zh(key)}`,
      );
    }
    expect(await list({ deviceCode: 'RULE-0001' })).toMatchObject({ total: 0 });
  });

  it('lists devices paged (200 a page by default) and filtered', async () => {
    const { app } = t();
    const projectId = await query(t(), async (db) => {
      const { id } = await db
        .insertInto('deployClassify')
        .values({ deployName: 'Project L', deployType: 1, createTime: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
    const water = await addDevice('LIST-W-0001', { deviceName: 'River Alpha' });
    const air = await addDevice('LIST-A-0001', { deviceName: 'Hill Beta', deviceType: '22', ifValid: 0 });
    await query(t(), (db) => db.updateTable('devices').set({ projectId }).where('id', '=', air.id).execute());

    const all = await list({});
    expect(all.pageSize).toBe(LIMITS.devicePageSize);
    expect(all.pageNum).toBe(1);
    expect(all.total).toBe(all.list.length);
    expect(all.list.map((d) => d.id)).toEqual([...all.list.map((d) => d.id)].sort((a, b) => a - b));

    const codes = async (q: Record<string, string>) => (await list(q)).list.map((d) => d.deviceCode);
    expect(await codes({ deviceName: 'alpha' })).toEqual(['LIST-W-0001']);
    expect(await codes({ deviceCode: 'list-' })).toEqual(['LIST-W-0001', 'LIST-A-0001']);
    expect(await codes({ deviceCode: 'LIST', deviceType: '22' })).toEqual(['LIST-A-0001']);
    expect(await codes({ deviceCode: 'LIST', ifValid: '0' })).toEqual(['LIST-A-0001']);
    expect(await codes({ deviceCode: 'LIST', ifValid: '1' })).toEqual(['LIST-W-0001']);
    // An empty filter field is no filter.
    expect(await codes({ deviceCode: 'LIST', ifValid: '', deviceType: '' })).toEqual(['LIST-W-0001', 'LIST-A-0001']);
    expect(await codes({ projectId: String(projectId) })).toEqual(['LIST-A-0001']);
    // LIKE wildcards in a filter are taken literally.
    expect(await codes({ deviceCode: 'LIST_' })).toEqual([]);

    const page = await list({ deviceCode: 'LIST', pageSize: '1', pageNum: '2' });
    expect(page).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(page.list.map((d) => d.id)).toEqual([air.id]);

    const bad = await app.inject({ url: `${DEVICE}/getAll`, query: { pageSize: '0' }, headers: { token: admin } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).desc).toMatch(new RegExp(`^${MESSAGES.invalidInput}每页条数：`));
    expect(water.id).toBeLessThan(air.id);
  });

  it('lists a user with bound devices only those, whatever ifFilter says, and lists them as installed devices', async () => {
    const secret = await addDevice('MINE-0001', { password: 'st-pw' });
    await addDevice('MINE-0002');
    await addDevice('OTHER-0001');
    const token = await userWith('bound-reader', ['system.device'], ['MINE-0002', 'MINE-0001', 'GHOST-0001']);
    expect((await list({ ifFilter: '1' }, token)).list.map((d) => d.deviceCode)).toEqual(['MINE-0001', 'MINE-0002']);
    expect((await list({ ifFilter: '1', deviceCode: '0002' }, token)).list.map((d) => d.deviceCode)).toEqual([
      'MINE-0002',
    ]);
    expect((await list({ ifFilter: '0', deviceCode: 'MINE' }, token)).total).toBe(2);
    // Bound devices are a boundary (issue 13): another device is not listed even without ifFilter.
    expect((await list({ deviceCode: 'OTHER' }, token)).total).toBe(0);
    const unbound = await userWith('unbound-reader', ['system.device']);
    expect((await list({ deviceCode: 'OTHER' }, unbound)).total).toBe(1);
    expect((await list({ ifFilter: '1' }, unbound)).total).toBe(0);
    // The admin is bound to nothing.
    expect((await list({ ifFilter: '1' })).total).toBe(0);

    const installed = await call<Device[]>(t().app, token, 'GET', INSTALLED);
    expect(installed.map((d) => d.deviceCode)).toEqual(['MINE-0001', 'MINE-0002']);

    // The station password is shown only to those who may edit devices.
    expect(installed[0]?.password).toBeNull();
    expect((await list({ deviceCode: 'MINE-0001' }, token)).list[0]?.password).toBeNull();
    expect((await list({ deviceCode: 'MINE-0001' })).list[0]?.password).toBe('st-pw');
    const summary = (tk: string) =>
      call<{ device: Device }>(t().app, tk, 'GET', '/manager/system/device/detail/rest/getSummary', {
        query: { deviceId: String(secret.id) },
      });
    expect((await summary(token)).device.password).toBeNull();
    expect((await summary(admin)).device.password).toBe('st-pw');
    const editor = await userWith('bound-editor', ['system.device', 'system.device:write'], ['MINE-0001']);
    expect((await call<Device[]>(t().app, editor, 'GET', INSTALLED))[0]?.password).toBe('st-pw');
    expect(await call<Device[]>(t().app, admin, 'GET', INSTALLED)).toEqual([]);
  });

  it('updates a device', async () => {
    const device = await addDevice('UPD-0001');
    t().clock.advance(1000);
    const updated = await call<Device>(t().app, admin, 'POST', `${DEVICE}/update`, {
      payload: { ...deviceInput('UPD-0002', { deviceName: 'Renamed', intervalTime: 300, ifValid: 0 }), id: device.id },
    });
    expect(updated).toMatchObject({
      id: device.id,
      deviceCode: 'UPD-0002',
      deviceName: 'Renamed',
      intervalTime: 300,
      ifValid: 0,
      createTime: device.createTime,
      updateTime: device.createTime + 1000,
    });
    expect((await list({ deviceCode: 'UPD-' })).list).toEqual([updated]);
  });

  it('refuses an update to a code another device has (UNIQUENESS), and an unknown id', async () => {
    const first = await addDevice('UPDT-0001');
    await addDevice('UPDT-0002');
    const response = await update({ ...deviceInput('UPDT-0002'), id: first.id });
    expect(body(response)).toEqual({
      status: -1,
      code: '000001',
      desc: MESSAGES.deviceUpdateTaken,
      data: { reason: 'UNIQUENESS' },
    });
    // Keeping its own code is no conflict.
    expect(body(await update({ ...deviceInput('UPDT-0001', { remark: 'same code' }), id: first.id })).status).toBe(200);
    expect(body(await update({ ...deviceInput('UPDT-0003'), id: 999_999 })).desc).toBe(MESSAGES.notFound);

    const invalid = await update({ ...deviceInput('UPDT-0001', { intervalTime: -5 }), id: first.id });
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid).desc).toBe(`${MESSAGES.invalidInput}上报间隔(秒)：${zh(DV.intervalTimePositive)}`);
    expect((await update(deviceInput('UPDT-0001'))).statusCode).toBe(400);
  });

  it('keeps the code and type of a device bound to a custom user (CONSISTENCY), but lets the rest change', async () => {
    const device = await addDevice('BOUND-0001');
    await userWith('bound-user', ['system.device'], ['BOUND-0001']);
    const refused = { status: -1, code: '000001', desc: MESSAGES.deviceUpdateBound, data: { reason: 'CONSISTENCY' } };
    expect(body(await update({ ...deviceInput('BOUND-0002'), id: device.id }))).toEqual(refused);
    expect(body(await update({ ...deviceInput('BOUND-0001', { deviceType: '22' }), id: device.id }))).toEqual(refused);
    const renamed = await call<Device>(t().app, admin, 'POST', `${DEVICE}/update`, {
      payload: { ...deviceInput('BOUND-0001', { deviceName: 'Still bound', intervalTime: 120 }), id: device.id },
    });
    expect(renamed).toMatchObject({ deviceCode: 'BOUND-0001', deviceName: 'Still bound', intervalTime: 120 });

    expect(body(await remove(device.id))).toEqual({
      status: -1,
      code: '000001',
      desc: MESSAGES.deviceDeleteBound,
      data: { reason: 'CONSISTENCY' },
    });
    expect((await list({ deviceCode: 'BOUND-0001' })).total).toBe(1);
  });

  it('keeps the code and type of a device with monitor factors of its own, and refuses to delete it (CONSISTENCY)', async () => {
    const device = await addDevice('FACTOR-0001');
    await query(t(), async (db) => {
      await db
        .insertInto('factors')
        .values({
          factorCode: 'x99001',
          factorName: '自定义因子',
          factorNameEn: 'Custom factor',
          kind: 'water',
          unit: 'mg/L',
          decimals: 2,
          builtIn: 0,
          zeroIsSuspect: 1,
          constantCount: 0,
        })
        .execute();
      await db
        .insertInto('deviceFactors')
        .values({ deviceId: device.id, factorCode: 'x99001', displayOrder: 1 })
        .execute();
    });
    const refused = { status: -1, code: '000001', desc: MESSAGES.deviceUpdateBound, data: { reason: 'CONSISTENCY' } };
    expect(body(await update({ ...deviceInput('FACTOR-0002'), id: device.id }))).toEqual(refused);
    expect(body(await update({ ...deviceInput('FACTOR-0001', { deviceType: '22' }), id: device.id }))).toEqual(refused);
    expect(body(await update({ ...deviceInput('FACTOR-0001', { contactPerson: '王五' }), id: device.id })).status).toBe(
      200,
    );
    expect(body(await remove(device.id))).toEqual({
      status: -1,
      code: '000001',
      desc: MESSAGES.deviceDeleteBound,
      data: { reason: 'CONSISTENCY' },
    });
    await query(t(), (db) => db.deleteFrom('deviceFactors').where('deviceId', '=', device.id).execute());
    expect(body(await remove(device.id)).status).toBe(200);
  });

  it('does not count factors of the built-in HJ 212 catalogue as a binding', async () => {
    const device = await addDevice('CATALOGUE-0001');
    await query(t(), (db) =>
      db.insertInto('deviceFactors').values({ deviceId: device.id, factorCode: 'w01018', displayOrder: 1 }).execute(),
    );
    expect(body(await update({ ...deviceInput('CATALOGUE-0002'), id: device.id })).status).toBe(200);
    expect(body(await remove(device.id)).status).toBe(200);
  });

  it('does not count a binding of a built-in user', async () => {
    const device = await addDevice('BUILTIN-0001');
    const adminId = await query(t(), async (db) => {
      const { id } = await db
        .selectFrom('users')
        .select('id')
        .where('userName', '=', 'admin')
        .executeTakeFirstOrThrow();
      await db.insertInto('userDevices').values({ userId: id, deviceCode: 'BUILTIN-0001' }).execute();
      return id;
    });
    const users = await call<DeviceUser[]>(t().app, admin, 'GET', `${DEVICE}/getUsers`, {
      query: { deviceCode: 'BUILTIN-0001' },
    });
    expect(users).toEqual([{ id: adminId, userName: 'admin', name: expect.any(String) as string, builtIn: true }]);
    const moved = await call<Device>(t().app, admin, 'POST', `${DEVICE}/update`, {
      payload: { ...deviceInput('BUILTIN-0002'), id: device.id },
    });
    expect(moved.deviceCode).toBe('BUILTIN-0002');
    expect(body(await remove(device.id)).status).toBe(200);
  });

  it('lists the users bound to a device', async () => {
    await addDevice('USERS-0001');
    await userWith('zed-user', ['system.device'], ['USERS-0001']);
    await userWith('amy-user', [], ['USERS-0001', 'USERS-0002']);
    const users = await call<DeviceUser[]>(t().app, admin, 'GET', `${DEVICE}/getUsers`, {
      query: { deviceCode: 'USERS-0001' },
    });
    expect(users.map((u) => [u.userName, u.name, u.builtIn])).toEqual([
      ['amy-user', 'amy-user', false],
      ['zed-user', 'zed-user', false],
    ]);
    expect(await call(t().app, admin, 'GET', `${DEVICE}/getUsers`, { query: { deviceCode: 'NOBODY' } })).toEqual([]);
    const missing = await t().app.inject({ url: `${DEVICE}/getUsers`, headers: { token: admin } });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).desc).toMatch(new RegExp(`^${MESSAGES.invalidInput}设备编码：`));
  });

  it('deletes a device with its live state; stored measurements stay', async () => {
    const device = await addDevice('DEL-0001');
    await query(t(), async (db) => {
      await db
        .insertInto('deviceStatus')
        .values({ deviceId: device.id, online: 1, changedAt: 1, lastPacketAt: 2, remote: null })
        .execute();
      await db
        .insertInto('latestValues')
        .values({
          deviceId: device.id,
          factorCode: 'w01018',
          kind: 'min',
          dataTime: 1,
          value: 1,
          flag: 'N',
          quality: 'N',
          receivedAt: 1,
        })
        .execute();
      await db
        .insertInto('measurements')
        .values({
          deviceId: device.id,
          factorCode: 'w01018',
          kind: 'min',
          dataTime: 1,
          value: 1,
          min: null,
          max: null,
          cou: null,
          flag: 'N',
          quality: 'N',
          receivedAt: 1,
        })
        .execute();
    });
    expect(await call(t().app, admin, 'GET', `${DEVICE}/delete`, { query: { id: String(device.id) } })).toBeNull();
    expect((await list({ deviceCode: 'DEL-0001' })).total).toBe(0);
    const left = await query(t(), async (db) => ({
      status: await db.selectFrom('deviceStatus').selectAll().where('deviceId', '=', device.id).execute(),
      latest: await db.selectFrom('latestValues').selectAll().where('deviceId', '=', device.id).execute(),
      measurements: await db.selectFrom('measurements').selectAll().where('deviceId', '=', device.id).execute(),
    }));
    expect(left.status).toEqual([]);
    expect(left.latest).toEqual([]);
    expect(left.measurements).toHaveLength(1);
    expect(body(await remove(device.id)).desc).toBe(MESSAGES.notFound);
    expect(
      (await t().app.inject({ url: `${DEVICE}/delete`, query: { id: 'x' }, headers: { token: admin } })).statusCode,
    ).toBe(400);
    // The code is free again.
    expect((await addDevice('DEL-0001')).deviceCode).toBe('DEL-0001');
  });

  it('answers the online state of the devices the caller sees', async () => {
    const heard = await addDevice('STATUS-0001');
    const silent = await addDevice('STATUS-0002');
    await query(t(), (db) =>
      db
        .insertInto('deviceStatus')
        .values({ deviceId: heard.id, online: 1, changedAt: 1000, lastPacketAt: 2000, remote: '10.0.0.1:5' })
        .execute(),
    );
    const all = await call<DeviceStatus[]>(t().app, admin, 'GET', `${DEVICE}/getStatus`);
    expect(all.find((s) => s.deviceId === heard.id)).toEqual({
      deviceId: heard.id,
      online: true,
      changedAt: 1000,
      lastPacketAt: 2000,
    });
    expect(all.find((s) => s.deviceId === silent.id)).toEqual({
      deviceId: silent.id,
      online: false,
      changedAt: null,
      lastPacketAt: null,
    });
    expect(all).toHaveLength((await list({})).total);

    const token = await userWith('status-reader', ['system.device'], ['STATUS-0002']);
    expect(
      await call<DeviceStatus[]>(t().app, token, 'GET', `${DEVICE}/getStatus`, { query: { ifFilter: '1' } }),
    ).toEqual([{ deviceId: silent.id, online: false, changedAt: null, lastPacketAt: null }]);
    expect(await call(t().app, admin, 'GET', `${DEVICE}/getStatus`, { query: { projectId: '999999' } })).toEqual([]);
  });

  it('refuses sync when this process runs no gateway', async () => {
    const device = await addDevice('SYNC-NOGW-01');
    const response = await t().app.inject({
      method: 'POST',
      url: SYNC,
      payload: { deviceId: device.id, items: ['time'] },
      headers: { token: admin },
    });
    expect(body(response)).toEqual({ status: -1, code: '000001', desc: MESSAGES.gatewayNotRunning });
  });

  it('writes add, update and delete to the operation log', async () => {
    const device = await addDevice('LOG-0001', { password: 'hidden' });
    await call(t().app, admin, 'GET', `${DEVICE}/delete`, { query: { id: String(device.id) } });
    const logs = await call<Page<OperationLog>>(t().app, admin, 'GET', '/manager/system/log/rest/get', {
      query: { url: '/system/device/rest/', pageSize: '1000' },
    });
    const mine = logs.list.filter((l) => l.params?.includes('LOG-0001') || l.params === `{"id":${device.id}}`);
    expect(mine.map((l) => [l.method, l.url])).toEqual([
      ['GET', `${DEVICE}/delete`],
      ['POST', `${DEVICE}/add`],
    ]);
    expect(mine[1]?.params).not.toContain('hidden');
  });

  describe('permissions', () => {
    const reads: [string, Record<string, string>][] = [
      [`${DEVICE}/getAll`, {}],
      [`${DEVICE}/getUsers`, { deviceCode: 'X' }],
      [`${DEVICE}/getStatus`, {}],
    ];
    const writes: ['GET' | 'POST', string][] = [
      ['POST', `${DEVICE}/add`],
      ['POST', `${DEVICE}/update`],
      ['GET', `${DEVICE}/delete?id=1`],
    ];

    it('answers 401 without a token', async () => {
      const { app } = t();
      for (const [url, q] of reads) expect((await app.inject({ url, query: q })).statusCode, url).toBe(401);
      for (const [method, url] of writes)
        expect((await app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
      expect((await app.inject({ url: INSTALLED })).statusCode).toBe(401);
    });

    it('answers 403 to a user without the device resource, and to writes without the write permission', async () => {
      const { app } = t();
      const outsider = await userWith('no-devices', ['system.user']);
      for (const [url, q] of reads) {
        expect((await app.inject({ url, query: q, headers: { token: outsider } })).statusCode, url).toBe(403);
      }
      const reader = await userWith('device-reader', ['system.device']);
      for (const [method, url] of writes) {
        for (const token of [outsider, reader]) {
          const response = await app.inject({ method, url, payload: {}, headers: { token } });
          expect(response.statusCode, url).toBe(403);
          expect(body(response).desc).toBe(MESSAGES.noPermission);
        }
      }
      expect((await app.inject({ url: `${DEVICE}/getAll`, headers: { token: reader } })).statusCode).toBe(200);
      // Installed devices need only a session.
      expect((await app.inject({ url: INSTALLED, headers: { token: outsider } })).statusCode).toBe(200);

      const writer = await userWith('device-writer', ['system.device', 'system.device:write']);
      expect(body(await add(deviceInput('PERM-0001'), writer)).status).toBe(200);
    });

    it('lets the screens that pick devices list them (a common read), and nothing more', async () => {
      const { app } = t();
      expect(body(await add(deviceInput('PERM-0002', { password: '123456' }))).status).toBe(200);
      const alarmUser = await userWith('alarm-only', ['alarm.list']);
      const list = await app.inject({ url: `${DEVICE}/getAll`, headers: { token: alarmUser } });
      expect(list.statusCode).toBe(200);
      const listed = body<Page<Device>>(list).data.list.find((device) => device.deviceCode === 'PERM-0002');
      // Listed, without the station password (that is for those who may edit devices).
      expect(listed).toMatchObject({ deviceCode: 'PERM-0002', password: null });
      for (const [url, q] of reads.filter(([url]) => !url.endsWith('/getAll'))) {
        expect((await app.inject({ url, query: q, headers: { token: alarmUser } })).statusCode, url).toBe(403);
      }
    });
  });
});
