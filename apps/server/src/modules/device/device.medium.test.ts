import { DV, LIMITS, MESSAGES, type Device } from '@envmon/shared';
import { body, call, query } from '../../test/harness.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE, deviceInput, INSTALLED, useDeviceApi, zh } from './device.test-support.js';

describe('device API', () => {
  const api = useDeviceApi();
  const { t, userWith, add, update, addDevice, list } = api;
  let admin: string;

  beforeAll(() => {
    admin = api.admin();
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
});
