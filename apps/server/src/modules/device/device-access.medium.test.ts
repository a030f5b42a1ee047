import { MESSAGES, type Device, type DeviceStatus, type OperationLog, type Page } from '@envmon/shared';
import { body, call, query } from '../../test/harness.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, deviceInput, INSTALLED, SYNC, useDeviceApi } from './device.test-support.js';

describe('device API', () => {
  const api = useDeviceApi();
  const { t, userWith, add, addDevice, list } = api;
  let admin: string;

  beforeAll(() => {
    admin = api.admin();
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
