import {
  DEPLOY_TYPE,
  formatStationTime,
  HISTORY_TIME_PRECISION,
  type HistoryChart,
  type HistoryTable,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasurementKind } from '../../db/schema.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp, downloadWorkbook } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const HISTORY = '/data/history/rest';
const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Station-local (UTC+8, the devices' default offset) time as epoch ms. */
const L = (m: number, d: number, h = 0, y = 2026) => Date.UTC(y, m - 1, d, h) - 8 * HOUR;
const COD = 'w01018';
const FLOW = 'w00000';

describe('history query', () => {
  const t = useTestApp();
  let admin: string;
  let a: number;
  let b: number;
  let c: number;
  let projectOne: number;

  async function group(deployName: string): Promise<number> {
    const row = await query(t(), (db) =>
      db
        .insertInto('deployClassify')
        .values({ deployName, deployNameEn: null, deployType: DEPLOY_TYPE.project, createTime: t().clock.now() })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return row.id;
  }

  async function deviceIn(code: string, projectId: number): Promise<number> {
    const id = await insertDevice(t(), code);
    await query(t(), async (db) => {
      await db.updateTable('devices').set({ projectId }).where('id', '=', id).execute();
      await db
        .insertInto('deviceDeploy')
        .values({ deviceId: id, deployId: projectId, deployType: DEPLOY_TYPE.project })
        .execute();
    });
    return id;
  }

  type Row = [
    deviceId: number,
    kind: MeasurementKind,
    dataTime: number,
    factorCode: string,
    value: number | null,
    cou: number | null,
    flag?: string,
    quality?: string,
  ];
  const insert = (rows: Row[]) =>
    query(t(), (db) =>
      db
        .insertInto('measurements')
        .values(
          rows.map(([deviceId, kind, dataTime, factorCode, value, cou, flag = 'N', quality = 'N']) => ({
            deviceId,
            kind,
            dataTime,
            factorCode,
            value,
            min: null,
            max: null,
            cou,
            flag,
            quality,
            receivedAt: 0,
          })),
        )
        .execute(),
    );

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    projectOne = await group('项目一');
    const projectTwo = await group('项目二');
    a = await deviceIn('HI-A', projectOne);
    b = await deviceIn('HI-B', projectOne);
    c = await deviceIn('HI-C', projectTwo);
    await query(t(), async (db) => {
      await db
        .updateTable('factors')
        .set({ factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 })
        .where('factorCode', '=', COD)
        .execute();
      await db
        .updateTable('factors')
        .set({ factorName: '污水流量', factorNameEn: 'Flow', unit: 'm3', decimals: 0 })
        .where('factorCode', '=', FLOW)
        .execute();
    });
    await insert([
      // A's hours on 1 March: COD 12.34, 20, 30 (station flag D), 40 (platform SH1); flow cou 10, 20, 30.
      [a, 'hour', L(3, 1, 0), COD, 12.34, null],
      [a, 'hour', L(3, 1, 1), COD, 20, null],
      [a, 'hour', L(3, 1, 2), COD, 30, null, 'D'],
      [a, 'hour', L(3, 1, 3), COD, 40, null, 'N', 'SH1'],
      [a, 'hour', L(3, 1, 0), FLOW, 1, 10],
      [a, 'hour', L(3, 1, 1), FLOW, 1, 20],
      [a, 'hour', L(3, 1, 2), FLOW, 1, 30],
      // A's hours on 2 March (cou 5 + 5): the day value's cou 100 wins.
      [a, 'hour', L(3, 2, 0), FLOW, 1, 5],
      [a, 'hour', L(3, 2, 1), FLOW, 1, 5],
      // A's days and month.
      [a, 'day', L(3, 1), COD, 25, null],
      [a, 'day', L(3, 2), COD, 35, null],
      [a, 'day', L(3, 2), FLOW, 2, 100],
      [a, 'day', L(3, 3), FLOW, 2, 40],
      [a, 'day', L(4, 1), FLOW, 2, 25],
      [a, 'month', L(3, 1), COD, 30, null],
      // B's hours: 01:00 and 05:00. C (another project): 00:00.
      [b, 'hour', L(3, 1, 1), COD, 50, null],
      [b, 'hour', L(3, 1, 5), COD, 60, null],
      [c, 'hour', L(3, 1, 0), COD, 99, null],
      // B's flow: a day value on 1 March, cou 7.
      [b, 'day', L(3, 1), FLOW, 1, 7],
    ]);
  });

  const table = (params: Record<string, string>, token = admin) =>
    call<HistoryTable>(t().app, token, 'GET', `${HISTORY}/get`, { query: params });
  const cells = (page: HistoryTable) =>
    page.list.map((r) => [r.deviceCode, r.dataTime, r.values[COD]?.value ?? null, r.values[FLOW]?.value ?? null]);
  const hourRange = { timeUnit: 'hour', beginTime: String(L(3, 1)), endTime: String(L(3, 2)) };

  it('answers hour rows per device × time, by time then device, paged, with flags and factor columns', async () => {
    // Rows with any chosen factor: A 00, A 01, B 01, A 02, A 03, B 05 → 6.
    const first = await table({ ...hourRange, deviceIds: `${a},${b}`, factorCodes: `${COD},${FLOW}`, pageSize: '4' });
    expect(first.total).toBe(6);
    expect(first.factors).toEqual([
      { factorCode: COD, factorName: '化学需氧量', factorNameEn: 'COD', unit: 'mg/L', decimals: 1 },
      { factorCode: FLOW, factorName: '污水流量', factorNameEn: 'Flow', unit: 'm3', decimals: 0 },
    ]);
    expect(cells(first)).toEqual([
      ['HI-A', L(3, 1, 0), 12.34, 1],
      ['HI-A', L(3, 1, 1), 20, 1],
      ['HI-B', L(3, 1, 1), 50, null],
      ['HI-A', L(3, 1, 2), 30, 1],
    ]);
    expect(first.list[0]).toMatchObject({ deviceName: 'Station HI-A', deviceId: a });
    expect(first.list[3]?.values[COD]).toEqual({ value: 30, flag: 'D', quality: 'N' });
    const second = await table({
      ...hourRange,
      deviceIds: String(a),
      factorCodes: COD,
      pageSize: '4',
      pageNum: '1',
    });
    expect(second.total).toBe(4);
    expect(second.list[3]?.values[COD]).toEqual({ value: 40, flag: 'N', quality: 'SH1' });
    // Repeated parameters work as well as comma lists.
    const url = `${HISTORY}/get?deviceIds=${a}&deviceIds=${b}&factorCodes=${COD}&timeUnit=hour&beginTime=${L(3, 1)}&endTime=${L(3, 2)}&pageSize=4&pageNum=2`;
    const last = body<HistoryTable>(await t().app.inject({ url, headers: { token: admin } })).data;
    expect(cells(last)).toEqual([
      ['HI-A', L(3, 1, 3), 40, null],
      ['HI-B', L(3, 1, 5), 60, null],
    ]);
    expect(last.total).toBe(6);
  });

  it('reads the day and month rollups', async () => {
    const days = await table({
      timeUnit: 'day',
      beginTime: String(L(3, 1)),
      endTime: String(L(3, 3)),
      deviceIds: String(a),
      factorCodes: COD,
    });
    expect(cells(days)).toEqual([
      ['HI-A', L(3, 1), 25, null],
      ['HI-A', L(3, 2), 35, null],
    ]);
    const months = await table({
      timeUnit: 'month',
      beginTime: String(L(1, 1)),
      endTime: String(L(12, 1)),
      deviceIds: String(a),
      factorCodes: COD,
    });
    expect(cells(months)).toEqual([['HI-A', L(3, 1), 30, null]]);
  });

  it('sums cou for the flow units: a day value’s cou, else its hours’; months and years of days', async () => {
    const flow = (timeUnit: string, begin: number, end: number) =>
      table({ timeUnit, beginTime: String(begin), endTime: String(end), deviceIds: String(a), factorCodes: FLOW });
    // 1 March: no day value → hours 10 + 20 + 30 = 60; 2 March: day cou 100 (not hours 5 + 5); 3 March 40; 1 April 25.
    const days = await flow('flowDay', L(3, 1), L(4, 2));
    expect(cells(days)).toEqual([
      ['HI-A', L(3, 1), null, 60],
      ['HI-A', L(3, 2), null, 100],
      ['HI-A', L(3, 3), null, 40],
      ['HI-A', L(4, 1), null, 25],
    ]);
    expect(days.list[0]?.values[FLOW]).toEqual({ value: 60, flag: null, quality: null });
    // Two devices (asked B first): by day, then device id — A's 60 and B's 7 on 1 March, then A's days.
    const both = await table({
      timeUnit: 'flowDay',
      beginTime: String(L(3, 1)),
      endTime: String(L(3, 3)),
      deviceIds: `${b},${a}`,
      factorCodes: FLOW,
    });
    expect(cells(both)).toEqual([
      ['HI-A', L(3, 1), null, 60],
      ['HI-B', L(3, 1), null, 7],
      ['HI-A', L(3, 2), null, 100],
    ]);
    // March 60 + 100 + 40 = 200; April 25.
    expect(cells(await flow('flowMonth', L(1, 1), L(6, 1)))).toEqual([
      ['HI-A', L(3, 1), null, 200],
      ['HI-A', L(4, 1), null, 25],
    ]);
    // 2026: 200 + 25 = 225.
    const years = await flow('flowYear', L(1, 1), L(1, 1, 0, 2027));
    expect(cells(years)).toEqual([['HI-A', L(1, 1), null, 225]]);
    expect(years.total).toBe(1);
  });

  it('downsamples the chart to maxPoints, keeping the extremes', async () => {
    // 1,000 minute values of A's COD: i % 100, a spike of 500 at i = 321, a dip of −7 at i = 777, none at i = 500.
    const start = L(5, 1);
    const minutes: Row[] = Array.from({ length: 1000 }, (_, i) => [
      a,
      'min',
      start + i * MINUTE,
      COD,
      i === 321 ? 500 : i === 777 ? -7 : i === 500 ? null : i % 100,
      null,
    ]);
    for (let i = 0; i < minutes.length; i += 200) await insert(minutes.slice(i, i + 200));
    const chart = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'minute',
        beginTime: String(start),
        endTime: String(start + 1000 * MINUTE),
        deviceIds: `${a},${b}`,
        factorCodes: COD,
        maxPoints: '100',
      },
    });
    expect(chart.series.map((s) => [s.deviceCode, s.factorCode, s.total])).toEqual([
      ['HI-A', COD, 1000],
      ['HI-B', COD, 0],
    ]);
    const points = chart.series[0]?.points ?? [];
    expect(points.length).toBeLessThanOrEqual(100);
    // 50 buckets of 20 values, each with a distinct min and max → exactly 100.
    expect(points.length).toBe(100);
    expect(points).toContainEqual([start + 321 * MINUTE, 500]);
    expect(points).toContainEqual([start + 777 * MINUTE, -7]);
    // A range of 30 days (past 2^31 ms): the same points, read as whole seconds from the range's start.
    const wide = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'minute',
        beginTime: String(start - 500),
        endTime: String(start + 30 * 24 * 60 * MINUTE),
        deviceIds: String(a),
        factorCodes: COD,
        maxPoints: '100',
      },
    });
    expect(wide.series[0]?.points).toEqual(points);
    // A value the station sent without a number stays a gap (null), not a zero.
    const gap = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'minute',
        beginTime: String(start + 499 * MINUTE),
        endTime: String(start + 502 * MINUTE),
        deviceIds: String(a),
        factorCodes: COD,
      },
    });
    expect(gap.series[0]?.points).toEqual([
      [start + 499 * MINUTE, 99],
      [start + 500 * MINUTE, null],
      [start + 501 * MINUTE, 1],
    ]);
    // A short series is returned whole: the hour flow sums of A (flowDay 60, 100, 40, 25).
    const flow = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'flowDay',
        beginTime: String(L(3, 1)),
        endTime: String(L(4, 2)),
        deviceIds: String(a),
        factorCodes: FLOW,
      },
    });
    expect(flow.maxPoints).toBe(2000);
    expect(flow.series[0]?.points).toEqual([
      [L(3, 1), 60],
      [L(3, 2), 100],
      [L(3, 3), 40],
      [L(4, 1), 25],
    ]);
  });

  it('keeps to the caller’s scope: project choice and bound devices', async () => {
    const params = { ...hourRange, factorCodes: COD };
    expect((await table({ ...params, deviceIds: String(c) })).list.map((r) => r.values[COD]?.value)).toEqual([99]);
    const outside = await t().app.inject({
      url: `${HISTORY}/get`,
      query: { ...params, deviceIds: `${a},${c}`, projectId: String(projectOne) },
      headers: { token: admin },
    });
    expect(body(outside).desc).toBe('数据不存在！');
    const token = await userWith(t(), admin, 'history-a', ['query.history'], ['HI-A']);
    expect((await table({ ...params, deviceIds: String(a), ifFilter: '1' }, token)).total).toBe(4);
    const unbound = await t().app.inject({
      url: `${HISTORY}/get`,
      query: { ...params, deviceIds: String(b), ifFilter: '1' },
      headers: { token },
    });
    expect(body(unbound).desc).toBe('数据不存在！');
    const chartOutside = await t().app.inject({
      url: `${HISTORY}/chart`,
      query: { ...params, deviceIds: String(c), projectId: String(projectOne) },
      headers: { token: admin },
    });
    expect(body(chartOutside).desc).toBe('数据不存在！');
  });

  it('refuses missing lists, a reversed range and a range too long for the unit, saying which limit', async () => {
    const refuse = async (params: Record<string, string>) => {
      const response = await t().app.inject({ url: `${HISTORY}/get`, query: params, headers: { token: admin } });
      expect(body(response).status).toBe(-1);
      return body(response).desc;
    };
    const base = { deviceIds: String(a), factorCodes: COD, timeUnit: 'hour' };
    expect(await refuse({ ...hourRange, factorCodes: COD })).toBe('参数错误！设备：此项为必填项！');
    expect(await refuse({ ...base, beginTime: String(L(3, 2)), endTime: String(L(3, 1)) })).toBe(
      '参数错误！结束时间：开始时间须早于结束时间！',
    );
    // Hours: 366 days at most; 1 Jan 2026 to 3 Jan 2027 is 367 days.
    expect(await refuse({ ...base, beginTime: String(L(1, 1)), endTime: String(L(1, 3, 0, 2027)) })).toBe(
      '参数错误！结束时间：该时间单位的时间范围最多366天！',
    );
    expect(await refuse({ ...base, timeUnit: 'week', beginTime: String(L(1, 1)), endTime: String(L(1, 2)) })).toBe(
      '参数错误！时间单位：输入无效！',
    );
    // Days allow five years' worth: A's COD days 1 and 2 March.
    const fine = await table({
      ...base,
      timeUnit: 'day',
      beginTime: String(L(1, 1)),
      endTime: String(L(1, 3, 0, 2027)),
    });
    expect(fine.total).toBe(2);
  });

  it('exports the table in two steps: every row, a column per factor with its unit, values to the factor’s decimals', async () => {
    const { url } = await call<{ url: string }>(t().app, admin, 'GET', `${HISTORY}/export`, {
      query: {
        exportSpecialFlag: '1',
        ...hourRange,
        deviceIds: `${a},${b}`,
        factorCodes: `${COD},${FLOW}`,
        projectId: '',
      },
    });
    const [path, search] = url.split('?');
    expect(path).toBe(`${HISTORY}/export/download`);
    const params = new URLSearchParams(search);
    // Lists go as repeated parameters; the language defaults to Chinese.
    expect([...new Set(params.keys())].sort()).toEqual([
      'beginTime',
      'deviceIds',
      'endTime',
      'factorCodes',
      'lang',
      'progress',
      'ticket',
      'timeUnit',
    ]);
    expect(params.getAll('deviceIds')).toEqual([String(a), String(b)]);
    const workbook = await downloadWorkbook(t().app, url);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '序号',
      '设备名称',
      'MN',
      // The stations' zone, named: a file has no reader's zone.
      '数据时间（UTC+08:00）',
      '化学需氧量(mg/L)',
      '污水流量(m3)',
    ]);
    // 6 rows (every page), station-local times; 12.34 to one decimal is 12.3; B has no flow.
    expect(sheet?.rowCount).toBe(7);
    expect(sheet?.getRow(2).values).toEqual([undefined, 1, 'Station HI-A', 'HI-A', '2026-03-01 00:00', 12.3, 1]);
    expect(sheet?.getRow(4).values).toEqual([undefined, 3, 'Station HI-B', 'HI-B', '2026-03-01 01:00', 50]);
    expect(sheet?.getRow(7).getCell(4).value).toBe('2026-03-01 05:00');
    expect((await t().app.inject({ url })).statusCode).toBe(401);

    // The screen's rule: the table's rows, written with the station's zone and the unit's precision, are the file's.
    const table = await call<HistoryTable>(t().app, admin, 'GET', `${HISTORY}/get`, {
      query: { ...hourRange, deviceIds: `${a},${b}`, factorCodes: `${COD},${FLOW}`, pageSize: '100' },
    });
    expect(
      table.list.map((row) => formatStationTime(row.dataTime, row.utcOffsetMinutes, HISTORY_TIME_PRECISION.hour)),
    ).toEqual(Array.from({ length: 6 }, (_, i) => sheet?.getRow(i + 2).getCell(4).value));

    // English headers and a flow unit's periods.
    const english = await call<{ url: string }>(t().app, admin, 'GET', `${HISTORY}/export`, {
      query: {
        exportSpecialFlag: '1',
        lang: 'en-US',
        timeUnit: 'flowMonth',
        beginTime: String(L(1, 1)),
        endTime: String(L(6, 1)),
        deviceIds: String(a),
        factorCodes: FLOW,
      },
    });
    const book = await downloadWorkbook(t().app, english.url);
    const en = book.worksheets[0];
    expect(en?.getRow(1).values).toEqual([undefined, 'No.', 'Device name', 'MN', 'DataTime (UTC+08:00)', 'Flow(m3)']);
    expect(en?.getRow(2).values).toEqual([undefined, 1, 'Station HI-A', 'HI-A', '2026-03', 200]);
    expect(en?.getRow(3).values).toEqual([undefined, 2, 'Station HI-A', 'HI-A', '2026-04', 25]);
  });

  it('answers 401 without a session and 403 without the history resource', async () => {
    const urls = [`${HISTORY}/get`, `${HISTORY}/chart`, `${HISTORY}/export`];
    for (const url of urls) expect((await t().app.inject({ url })).statusCode).toBe(401);
    const token = await userWith(t(), admin, 'history-none', ['query.original']);
    for (const url of urls) expect((await t().app.inject({ url, headers: { token } })).statusCode).toBe(403);
  });
});
