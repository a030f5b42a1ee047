import {
  canMoveWorkOrder,
  formatStationTimeWithZone,
  MESSAGES,
  WORK_ORDER_STATUSES,
  type Alarm,
  type Page,
  type WorkOrderEvent,
} from '@envmon/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp, downloadWorkbook } from '../../test/harness.js';
import { registerStation } from '../../test/station-client.js';
import { ALARM, WORK_ORDER } from './alarm.test-support.js';

/** Stores an alarm directly: these tests are about the routes, the engine has its own. */
async function storeAlarm(
  t: TestApp,
  deviceId: number,
  fields: {
    orderStatus?: number;
    active?: boolean;
    alarmType?: number;
    factorCode?: string | null;
    beginDate?: number;
  },
): Promise<number> {
  const active = fields.active ?? true;
  const alarmType = fields.alarmType ?? 1;
  const factorCode = fields.factorCode === undefined ? 'w01018' : fields.factorCode;
  const beginDate = fields.beginDate ?? Date.UTC(2026, 2, 1);
  const { id } = await query(t, (db) =>
    db
      .insertInto('alarms')
      .values({
        deviceId,
        factorCode,
        alarmType,
        overflowType: 0,
        alarmLevel: 1,
        alarmValue: 35,
        standardValue: '30',
        symbol: 1,
        beginDate,
        lastDate: beginDate,
        endDate: active ? null : beginDate + 60_000,
        count: 1,
        active: active ? 1 : 0,
        activeKey: active ? `${deviceId}:${factorCode ?? ''}:${alarmType}:0:${Math.random()}` : null,
        orderStatus: fields.orderStatus ?? 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return id;
}

describe('alarm list, export and work orders', () => {
  const t = useTestApp({ demo: true });
  let admin: string;
  let operator: string;
  let viewer: string;
  let deviceA: number;
  let deviceB: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    operator = await login(t().app, 'operator', 'Operator@123');
    viewer = await login(t().app, 'viewer', 'Viewer@123');
    deviceA = await registerStation(t(), { deviceCode: 'ALARM-A' });
    deviceB = await registerStation(t(), { deviceCode: 'ALARM-B' });
  });

  /** Operator is bound to devices below: a user with bound devices reads only those (issue 13). */
  const bindOperator = (deviceCode: string) =>
    query(t(), async (db) => {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('userName', '=', 'operator')
        .executeTakeFirstOrThrow();
      await db.insertInto('userDevices').values({ userId: user.id, deviceCode }).execute();
    });

  const move = (alarmId: number, orderStatus: number, token = operator) =>
    t().app.inject({
      method: 'POST',
      url: `${WORK_ORDER}/update`,
      payload: { alarmId, orderStatus, comment: `to ${orderStatus}` },
      headers: { token },
    });

  it('allows exactly 1→2, 1→4, 2→3, 2→4 and refuses every other move, 3 and 4 being final', async () => {
    const allowed: string[] = [];
    for (const from of WORK_ORDER_STATUSES) {
      for (const to of WORK_ORDER_STATUSES) {
        const id = await storeAlarm(t(), deviceA, { orderStatus: from, active: false });
        const envelope = body<Alarm>(await move(id, to));
        if (envelope.status === 200) {
          allowed.push(`${from}→${to}`);
          expect(envelope.data.workOrder.orderStatus).toBe(to);
        } else {
          expect(envelope.desc).toBe(MESSAGES.workOrderTransitionRefused);
          const [row] = await query(t(), (db) =>
            db.selectFrom('alarms').select('orderStatus').where('id', '=', id).execute(),
          );
          expect(row?.orderStatus).toBe(from);
        }
        expect(canMoveWorkOrder(from, to)).toBe(envelope.status === 200);
      }
    }
    expect(allowed).toEqual(['1→2', '1→4', '2→3', '2→4']);
  });

  it('records who moved a work order, when and why; the trail is in order and announced on the bus', async () => {
    const id = await storeAlarm(t(), deviceA, {});
    const announced: Alarm[] = [];
    const off = t().app.bus.subscribe('alarm.changed', (e) => announced.push(...e.alarms));
    try {
      expect(body(await move(id, 2)).status).toBe(200);
      t().clock.advance(5000);
      expect(body(await move(id, 3)).status).toBe(200);
    } finally {
      off();
    }
    expect(announced.map((a) => [a.id, a.workOrder.orderStatus])).toEqual([
      [id, 2],
      [id, 3],
    ]);
    const trail = await call<WorkOrderEvent[]>(t().app, operator, 'GET', `${WORK_ORDER}/getHistory`, {
      query: { alarmId: String(id) },
    });
    expect(trail.map((e) => [e.fromStatus, e.toStatus, e.userName, e.comment])).toEqual([
      [1, 2, 'operator', 'to 2'],
      [2, 3, 'operator', 'to 3'],
    ]);
    expect((trail[1]?.createTime ?? 0) - (trail[0]?.createTime ?? 0)).toBe(5000);
    const logged = await query(t(), (db) =>
      db.selectFrom('operationLogs').select('url').where('url', '=', `${WORK_ORDER}/update`).execute(),
    );
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(body(await move(999_999, 2)).desc).toBe(MESSAGES.notFound);
  });

  it('lists the current alarms, narrowed to bound devices with ifFilter=1', async () => {
    const a = await storeAlarm(t(), deviceA, { alarmType: 2, factorCode: null });
    const b = await storeAlarm(t(), deviceB, { alarmType: 2, factorCode: null });
    const ended = await storeAlarm(t(), deviceB, { alarmType: 2, factorCode: null, active: false });
    const all = (await call<Alarm[]>(t().app, operator, 'GET', `${ALARM}/getCurrent`)).map((x) => x.id);
    expect(all).toEqual(expect.arrayContaining([a, b]));
    expect(all).not.toContain(ended);

    const operatorId = await query(t(), async (db) => {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('userName', '=', 'operator')
        .executeTakeFirstOrThrow();
      await db.insertInto('userDevices').values({ userId: user.id, deviceCode: 'ALARM-B' }).execute();
      return user.id;
    });
    expect(operatorId).toBeTypeOf('number');
    const bound = await call<Alarm[]>(t().app, operator, 'GET', `${ALARM}/getCurrent`, { query: { ifFilter: '1' } });
    expect(new Set(bound.map((x) => x.deviceId))).toEqual(new Set([deviceB]));
  });

  it('pages current and ended alarms with the screen’s filters', async () => {
    const device = await registerStation(t(), { deviceCode: 'ALARM-FILTER' });
    await bindOperator('ALARM-FILTER');
    const early = await storeAlarm(t(), device, { beginDate: Date.UTC(2026, 0, 1), orderStatus: 3, active: false });
    const late = await storeAlarm(t(), device, { beginDate: Date.UTC(2026, 5, 1), alarmType: 4 });
    const list = (q: Record<string, string>) =>
      call<Page<Alarm>>(t().app, operator, 'GET', `${ALARM}/get`, { query: { deviceId: String(device), ...q } });
    expect((await list({})).list.map((x) => x.id)).toEqual([late, early]);
    expect((await list({ active: '0' })).list.map((x) => x.id)).toEqual([early]);
    expect((await list({ orderStatus: '3' })).list.map((x) => x.id)).toEqual([early]);
    expect((await list({ alarmType: '4' })).list.map((x) => x.id)).toEqual([late]);
    expect((await list({ factorCode: 'w01018', alarmLevel: '1' })).total).toBe(2);
    expect((await list({ beginTime: String(Date.UTC(2026, 2, 1)) })).list.map((x) => x.id)).toEqual([late]);
    expect((await list({ endTime: String(Date.UTC(2026, 2, 1)) })).list.map((x) => x.id)).toEqual([early]);
    expect((await list({ pageSize: '1', pageNum: '2' })).list.map((x) => x.id)).toEqual([early]);
  });

  it('exports in two steps: a link with a single-use ticket, then an xlsx with Chinese headers', async () => {
    const device = await registerStation(t(), { deviceCode: 'ALARM-EXPORT', deviceName: '导出站' });
    await bindOperator('ALARM-EXPORT');
    await storeAlarm(t(), device, {});
    await storeAlarm(t(), device, { active: false });
    const { url, progress } = await call<{ url: string; progress: string }>(
      t().app,
      operator,
      'GET',
      `${ALARM}/export`,
      {
        query: { exportSpecialFlag: '1', deviceId: String(device), factorCode: '' },
      },
    );
    expect(url).toMatch(new RegExp(`^${ALARM}/export/download\\?deviceId=${device}&ticket=`));
    const progressOf = (token: string) =>
      t().app.inject({ url: `/data/export/rest/progress?id=${progress}`, headers: { token } });
    expect(body(await progressOf(operator)).data).toEqual({ rows: 0, total: null, state: 'waiting' });
    const workbook = await downloadWorkbook(t().app, url);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('序号');
    expect(sheet?.getRow(1).getCell(2).value).toBe('设备名称');
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(2).value).toBe('导出站');
    expect(sheet?.getRow(2).getCell(5).value).toBe('阈值告警');
    // The value's unit from the catalogue, and the times by the screens' rule: the station's clock, its zone named.
    const headers = (sheet?.getRow(1).values as unknown[]).slice(1);
    const cellOf = (row: number, header: string) => sheet?.getRow(row).getCell(headers.indexOf(header) + 1).value;
    const listed = await call<Page<Alarm>>(t().app, operator, 'GET', `${ALARM}/get`, {
      query: { deviceId: String(device) },
    });
    const newest = listed.list.find((a) => !a.active);
    expect(newest?.unit).toBe('mg/L');
    expect(cellOf(2, '单位')).toBe('mg/L');
    expect(cellOf(2, '告警开始时间')).toBe('2026-03-01 08:00:00 UTC+08:00');
    expect(cellOf(2, '告警开始时间')).toBe(
      formatStationTimeWithZone(newest?.beginDate ?? 0, newest?.device.utcOffsetMinutes ?? 0),
    );
    expect((await t().app.inject({ url })).statusCode).toBe(401);
    // The console follows the export by its progress id: two alarm rows written, then done; nobody else sees it.
    await vi.waitFor(async () =>
      expect(body(await progressOf(operator)).data).toEqual({ rows: 2, total: null, state: 'done' }),
    );
    expect(body(await progressOf(admin))).toMatchObject({ status: -1, code: '000001' });
  });

  it('answers 401 without a token and 403 without alarm.list (or without its write for work orders)', async () => {
    for (const url of [
      `${ALARM}/getCurrent`,
      `${ALARM}/get`,
      `${ALARM}/export`,
      `${WORK_ORDER}/getHistory?alarmId=1`,
    ]) {
      expect((await t().app.inject({ url })).statusCode).toBe(401);
      expect((await t().app.inject({ url, headers: { token: viewer } })).statusCode).toBe(403);
    }
    expect((await t().app.inject({ method: 'POST', url: `${WORK_ORDER}/update`, payload: {} })).statusCode).toBe(401);
    const id = await storeAlarm(t(), deviceA, {});
    expect((await move(id, 2, viewer)).statusCode).toBe(403);
    expect(body(await move(id, 2, admin)).status).toBe(200);
  });
});
