import { type IotCard, MESSAGES, type Page, DAY_MS } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const IOT = '/manager/settings/iotCard/rest';
const ICCID_A = '89860012345678901234';
const ICCID_B = '8986001234567890123';
const ICCID_C = '89860ABCDEF123456789';

describe('settings › IoT card', () => {
  const t = useTestApp();
  let admin: string;
  let north: number;
  let south: number;
  let project: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    north = await insertDevice(t(), 'IOT-N');
    south = await insertDevice(t(), 'IOT-S');
    project = await query(t(), async (db) => {
      const { id } = await db
        .insertInto('deployClassify')
        .values({ deployName: 'IOT project', deployNameEn: null, deployType: 1, createTime: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('devices').set({ projectId: id }).where('id', '=', north).execute();
      return id;
    });
  });

  const add = (payload: Record<string, unknown>) => call<IotCard>(t().app, admin, 'POST', `${IOT}/add`, { payload });
  const list = (q: Record<string, string> = {}) =>
    call<Page<IotCard>>(t().app, admin, 'GET', `${IOT}/get`, { query: q });
  const cardNos = async (q: Record<string, string> = {}) => (await list(q)).list.map((c) => c.cardNo);
  const refusal = async (path: string, payload: Record<string, unknown>) =>
    body(await t().app.inject({ method: 'POST', url: `${IOT}/${path}`, payload, headers: { token: admin } }));

  it('adds, lists (soonest expiry first), filters, updates and deletes cards', async () => {
    const now = t().clock.now();
    const a = await add({
      cardNo: ICCID_A,
      msisdn: '1440123456789',
      operator: 'cmcc',
      deviceId: north,
      plan: '物联网 10G',
      dataLimitMb: 10240,
      activateDate: now - 300 * DAY_MS,
      expireDate: now + 10 * DAY_MS,
      remark: '主卡',
    });
    expect(a).toEqual({
      id: a.id,
      cardNo: ICCID_A,
      msisdn: '1440123456789',
      operator: 'cmcc',
      deviceId: north,
      deviceName: 'Station IOT-N',
      deviceCode: 'IOT-N',
      plan: '物联网 10G',
      dataLimitMb: 10240,
      activateDate: now - 300 * DAY_MS,
      expireDate: now + 10 * DAY_MS,
      remark: '主卡',
      createTime: now,
      updateTime: now,
    });
    // Blanks are stored as null; a card need not be in a device yet.
    const b = await add({ cardNo: ICCID_B, msisdn: '', operator: 'ctcc', plan: '', remark: '' });
    expect(b).toMatchObject({
      msisdn: null,
      deviceId: null,
      deviceName: null,
      deviceCode: null,
      plan: null,
      dataLimitMb: null,
      activateDate: null,
      expireDate: null,
      remark: null,
    });
    const c = await add({ cardNo: ICCID_C, operator: 'cucc', deviceId: south, expireDate: now - DAY_MS });
    const d = await add({ cardNo: '8986009999999999999', operator: 'other', expireDate: now + 31 * DAY_MS });

    // Expired first, then by expiry date; no expiry date last.
    expect(await cardNos()).toEqual([ICCID_C, ICCID_A, d.cardNo, ICCID_B]);
    const page = await list({ pageNum: '2', pageSize: '3' });
    expect(page).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(page.list.map((x) => x.id)).toEqual([b.id]);

    expect(await cardNos({ cardNo: 'abc' })).toEqual([ICCID_C]);
    expect(await cardNos({ deviceId: String(north) })).toEqual([ICCID_A]);
    expect(await cardNos({ operator: 'ctcc' })).toEqual([ICCID_B]);
    expect(await cardNos({ expiry: 'expired' })).toEqual([ICCID_C]);
    expect(await cardNos({ expiry: 'soon' })).toEqual([ICCID_A]);
    expect(await cardNos({ expiry: 'valid' })).toEqual([d.cardNo, ICCID_B]);
    // A scope leaves out the cards in no device.
    expect(await cardNos({ projectId: String(project) })).toEqual([ICCID_A]);
    const southUser = await userWith(t(), admin, 'iot-south', ['settings.iot-card'], ['IOT-S']);
    const bound = await call<Page<IotCard>>(t().app, southUser, 'GET', `${IOT}/get`, { query: { ifFilter: '1' } });
    expect(bound.list.map((x) => x.cardNo)).toEqual([ICCID_C]);

    // Eleven days on (past the session's lifetime: sign in again), the first card has expired and the fourth
    // expires within 30 days.
    t().clock.advance(11 * DAY_MS);
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    expect(await cardNos({ expiry: 'expired' })).toEqual([ICCID_C, ICCID_A]);
    expect(await cardNos({ expiry: 'soon' })).toEqual([d.cardNo]);

    const moved = await call<IotCard>(t().app, admin, 'POST', `${IOT}/update`, {
      payload: { id: b.id, cardNo: ICCID_B, operator: 'cmcc' },
    });
    expect(moved).toMatchObject({ operator: 'cmcc', deviceId: null, createTime: b.createTime });
    expect(moved.updateTime).toBe(b.updateTime + 11 * DAY_MS);
    // Keeping its own number and device is no clash with itself.
    const same = await call<IotCard>(t().app, admin, 'POST', `${IOT}/update`, {
      payload: { id: a.id, cardNo: ICCID_A, operator: 'cmcc', deviceId: north, plan: '20G' },
    });
    expect(same).toMatchObject({ deviceId: north, plan: '20G', msisdn: null, expireDate: null });

    await call(t().app, admin, 'GET', `${IOT}/delete`, { query: { id: String(c.id) } });
    const gone = await t().app.inject({ url: `${IOT}/delete`, query: { id: String(c.id) }, headers: { token: admin } });
    expect(body(gone).desc).toBe(MESSAGES.notFound);
    expect(await cardNos()).toEqual([d.cardNo, ICCID_A, ICCID_B]);
    const deleteRoute = t().routes.find((r) => r.url === `${IOT}/delete`);
    expect(deleteRoute?.config).toMatchObject({ permission: 'settings.iot-card:write', operationLog: true });
  });

  it('refuses a taken card number, a device already holding a card and an unknown device or card', async () => {
    const holder = await insertDevice(t(), 'IOT-H');
    const first = await add({ cardNo: '89861111111111111111', operator: 'cmcc', deviceId: holder });
    const taken = await refusal('add', { cardNo: '89861111111111111111', operator: 'cucc' });
    expect(taken).toMatchObject({ status: -1, desc: MESSAGES.iotCardTaken });
    const busy = await refusal('add', { cardNo: '89862222222222222222', operator: 'cucc', deviceId: holder });
    expect(busy.desc).toBe(MESSAGES.iotCardDeviceTaken);
    const second = await add({ cardNo: '89862222222222222222', operator: 'cucc' });
    expect(
      (await refusal('update', { id: second.id, cardNo: '89862222222222222222', operator: 'cucc', deviceId: holder }))
        .desc,
    ).toBe(MESSAGES.iotCardDeviceTaken);
    expect((await refusal('update', { id: second.id, cardNo: '89861111111111111111', operator: 'cucc' })).desc).toBe(
      MESSAGES.iotCardTaken,
    );
    expect((await refusal('add', { cardNo: '89863333333333333333', operator: 'ctcc', deviceId: 999_999 })).desc).toBe(
      MESSAGES.notFound,
    );
    expect((await refusal('update', { id: 999_999, cardNo: '89863333333333333333', operator: 'ctcc' })).desc).toBe(
      MESSAGES.notFound,
    );
    expect(first.deviceId).toBe(holder);
  });

  it('validates through the shared schema: ICCID, number, operator, allowance and date order', async () => {
    const valid = { cardNo: '89864444444444444444', operator: 'cmcc' };
    const refused = async (payload: Record<string, unknown>) => {
      const response = await t().app.inject({
        method: 'POST',
        url: `${IOT}/add`,
        payload: { ...valid, ...payload },
        headers: { token: admin },
      });
      expect(response.statusCode).toBe(400);
      return body(response).desc;
    };
    for (const cardNo of [
      '898600123456789012',
      '898600123456789012345',
      '8986001234567890123a',
      '',
      '8986 00123456789012',
    ])
      expect(await refused({ cardNo })).toContain('物联网卡号：');
    for (const msisdn of ['1380013800', '13800138000123', '1380013800x'])
      expect(await refused({ msisdn })).toContain('卡号码：');
    expect(await refused({ operator: 'unicom' })).toContain('运营商：');
    expect(await refused({ operator: undefined })).toContain('运营商：');
    expect(await refused({ dataLimitMb: -1 })).toContain('月流量(MB)：');
    expect(await refused({ dataLimitMb: 1.5 })).toContain('月流量(MB)：');
    expect(await refused({ plan: 'x'.repeat(65) })).toContain('套餐：');
    expect(await refused({ remark: 'x'.repeat(201) })).toContain('备注：');
    // The field by its label and the rule in words (plugins/error-handler.ts).
    expect(await refused({ activateDate: 2 * DAY_MS, expireDate: DAY_MS })).toContain('不能早于开始日期！');
    // The same day is fine.
    expect(await add({ ...valid, activateDate: DAY_MS, expireDate: DAY_MS })).toMatchObject({ expireDate: DAY_MS });
  });

  it('leaves a card unfitted when its device is deleted', async () => {
    const doomed = await insertDevice(t(), 'IOT-D');
    const card = await add({ cardNo: '89865555555555555555', operator: 'cmcc', deviceId: doomed });
    await call(t().app, admin, 'GET', '/manager/system/device/rest/delete', { query: { id: String(doomed) } });
    const after = (await list({ cardNo: '89865555555555555555' })).list;
    expect(after).toEqual([{ ...card, deviceId: null, deviceName: null, deviceCode: null }]);
  });

  it('answers 401 without a session and 403 without the resources', async () => {
    expect((await t().app.inject({ url: `${IOT}/get` })).statusCode).toBe(401);
    const viewer = await userWith(t(), admin, 'iot-viewer', ['settings.iot-card']);
    expect((await t().app.inject({ url: `${IOT}/get`, headers: { token: viewer } })).statusCode).toBe(200);
    const write = await t().app.inject({
      method: 'POST',
      url: `${IOT}/add`,
      payload: { cardNo: '89866666666666666666', operator: 'cmcc' },
      headers: { token: viewer },
    });
    expect(write.statusCode).toBe(403);
    const none = await userWith(t(), admin, 'iot-none', ['query.history']);
    expect((await t().app.inject({ url: `${IOT}/get`, headers: { token: none } })).statusCode).toBe(403);
  });
});
