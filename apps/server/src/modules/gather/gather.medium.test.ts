import type { GatherResult } from '@envmon/shared';
import { HOUR_MS } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp, downloadWorkbook } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const GATHER = '/data/gather/rest';
const COD = 'w01018';
const NH3 = 'w21003';

describe('gather: aggregates over a group of devices per period', () => {
  const t = useTestApp();
  let admin: string;
  let p1: number;
  let p2: number;
  let address: number;
  const ids: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };
  const t0 = Date.UTC(2026, 2, 1, 0, 0, 0);
  const t1 = t0 + HOUR_MS;
  const range = { timeUnit: 'hour', beginTime: String(t0), endTime: String(t1) };

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    for (const key of ['a', 'b', 'c', 'd'] as const) ids[key] = await insertDevice(t(), `GA-${key.toUpperCase()}`);
    const now = t().clock.now();
    await query(t(), async (db) => {
      const group = async (deployName: string, deployType: number) =>
        (
          await db
            .insertInto('deployClassify')
            .values({ deployName, deployNameEn: null, deployType, createTime: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      p1 = await group('GA project 1', 1);
      p2 = await group('GA project 2', 1);
      address = await group('GA street', 2);
      await db.updateTable('devices').set({ projectId: p1 }).where('id', 'in', [ids.a, ids.b, ids.c]).execute();
      await db.updateTable('devices').set({ projectId: p2 }).where('id', '=', ids.d).execute();
      await db
        .insertInto('deviceDeploy')
        .values([
          { deviceId: ids.a, deployId: address, deployType: 2 },
          { deviceId: ids.d, deployId: address, deployType: 2 },
        ])
        .execute();
      const row = (
        device: number,
        kind: 'hour' | 'day',
        dataTime: number,
        factorCode: string,
        value: number,
        flag = 'N',
      ) => ({
        deviceId: device,
        kind,
        dataTime,
        factorCode,
        value,
        min: null,
        max: null,
        cou: null,
        flag,
        quality: 'N',
        receivedAt: now,
      });
      await db
        .insertInto('measurements')
        .values([
          row(ids.a, 'hour', t0, COD, 10),
          row(ids.b, 'hour', t0, COD, 20),
          // C's fault-flagged hour is left out of the group's figures.
          row(ids.c, 'hour', t0, COD, 60, 'D'),
          row(ids.a, 'hour', t1, COD, 12),
          row(ids.b, 'hour', t1, COD, 18),
          row(ids.c, 'hour', t1, COD, 30),
          row(ids.a, 'hour', t0, NH3, 1.5),
          row(ids.b, 'hour', t0, NH3, 0.5),
          row(ids.d, 'hour', t0, COD, 100),
          // Another kind and an hour before the range: never read.
          row(ids.a, 'day', t0, COD, 999),
          row(ids.a, 'hour', t0 - 2 * HOUR_MS, COD, 5),
        ])
        .execute();
    });
  });

  const gather = (token: string, filters: Record<string, string>) =>
    call<GatherResult>(t().app, token, 'GET', `${GATHER}/get`, { query: { ...range, ...filters } });
  const pick = (r: GatherResult) => r.rows.map((x) => [x.dataTime, x.factorCode, x.avg, x.min, x.max, x.devices]);

  it('aggregates a project per hour: avg/min/max over its devices and how many contributed', async () => {
    const result = await gather(admin, { groupType: 'project', groupId: String(p1) });
    expect(result.deviceCount).toBe(3);
    expect(pick(result)).toEqual([
      // t0 COD: A 10, B 20 (C flagged D) → avg (10+20)/2 = 15, min 10, max 20, 2 devices.
      [t0, COD, 15, 10, 20, 2],
      // t0 NH3: A 1.5, B 0.5 → avg 2/2 = 1.
      [t0, NH3, 1, 0.5, 1.5, 2],
      // t1 COD: 12, 18, 30 → avg 60/3 = 20.
      [t1, COD, 20, 12, 30, 3],
    ]);
    expect(result.factors.map((f) => f.factorCode)).toEqual([COD, NH3]);
  });

  it('aggregates an address group and a hand-picked set, optionally of chosen factors', async () => {
    const street = await gather(admin, { groupType: 'address', groupId: String(address) });
    expect(street.deviceCount).toBe(2);
    // t0 COD: A 10, D 100 → avg 55; NH3 only A; t1 only A.
    expect(pick(street)).toEqual([
      [t0, COD, 55, 10, 100, 2],
      [t0, NH3, 1.5, 1.5, 1.5, 1],
      [t1, COD, 12, 12, 12, 1],
    ]);
    const picked = await gather(admin, {
      groupType: 'devices',
      deviceIds: `${ids.b},${ids.d}`,
      factorCodes: COD,
    });
    // t0: B 20, D 100 → avg 60; t1: B 18.
    expect(pick(picked)).toEqual([
      [t0, COD, 60, 20, 100, 2],
      [t1, COD, 18, 18, 18, 1],
    ]);
  });

  it('keeps to the caller’s scope: bound devices with ifFilter=1, the chosen project, notFound outside', async () => {
    const token = await userWith(t(), admin, 'gather-a', ['query.gather'], ['GA-A']);
    const bound = await gather(token, { groupType: 'project', groupId: String(p1), ifFilter: '1' });
    expect(bound.deviceCount).toBe(1);
    expect(pick(bound)).toEqual([
      [t0, COD, 10, 10, 10, 1],
      [t0, NH3, 1.5, 1.5, 1.5, 1],
      [t1, COD, 12, 12, 12, 1],
    ]);
    // Address group under project 1: only A of {A, D}.
    const street = await gather(token, { groupType: 'address', groupId: String(address), projectId: String(p1) });
    expect(street.deviceCount).toBe(1);
    const refused = async (filters: Record<string, string>) =>
      body(
        await t().app.inject({
          url: `${GATHER}/get`,
          query: { ...range, ...filters },
          headers: { token },
        }),
      ).desc;
    expect(await refused({ groupType: 'devices', deviceIds: `${ids.a},${ids.d}`, projectId: String(p1) })).toBe(
      '数据不存在！',
    );
    expect(await refused({ groupType: 'project', groupId: String(p2), projectId: String(p1) })).toBe('数据不存在！');
    // An address group is not a project.
    expect(await refused({ groupType: 'project', groupId: String(address) })).toBe('数据不存在！');
    // Hour data for more than 31 days, and a project without its id, are refused.
    expect(
      await refused({ groupType: 'project', groupId: String(p1), endTime: String(t0 + 40 * 24 * HOUR_MS) }),
    ).toContain('参数错误');
    expect(await refused({ groupType: 'project' })).toContain('参数错误');
  });

  it('exports the screen’s columns as xlsx, rounded to the factor’s decimals', async () => {
    const { url } = await call<{ url: string }>(t().app, admin, 'GET', `${GATHER}/export`, {
      query: { exportSpecialFlag: '1', ...range, groupType: 'project', groupId: String(p1), lang: 'zh-CN' },
    });
    const workbook = await downloadWorkbook(t().app, url);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '序号',
      // The periods are on the stations' clock, the zone named (the screen's rule).
      '数据时间（UTC+08:00）',
      '监测因子',
      '单位',
      '平均值',
      '最小值',
      '最大值',
      '设备数',
    ]);
    expect(sheet?.rowCount).toBe(4);
    const cells = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(5);
    // t0 is 2026-03-01 00:00 UTC: 08:00 on the stations' clock, whatever the server's zone.
    expect(sheet?.getRow(2).getCell(2).value).toBe('2026-03-01 08:00');
    expect(cells(2)).toEqual([15, 10, 20, 2]);
    expect(cells(3)).toEqual([1, 0.5, 1.5, 2]);
    expect(cells(4)).toEqual([20, 12, 30, 3]);
  });

  it('answers 401 without a session and 403 without the query resource', async () => {
    const url = `${GATHER}/get`;
    expect((await t().app.inject({ url })).statusCode).toBe(401);
    const token = await userWith(t(), admin, 'gather-none', ['query.history']);
    expect((await t().app.inject({ url, headers: { token } })).statusCode).toBe(403);
  });
});
