import { MESSAGES, type Device, type DeviceUser } from '@envmon/shared';
import { body, call, query } from '../../test/harness.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, deviceInput, useDeviceApi } from './device.test-support.js';

describe('device API', () => {
  const api = useDeviceApi();
  const { t, userWith, update, remove, addDevice, list } = api;
  let admin: string;

  beforeAll(() => {
    admin = api.admin();
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
});
