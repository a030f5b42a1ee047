import { formatStationTime, HISTORY_TIME_PRECISION, type HistoryTable } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { body, call, downloadWorkbook, useTestApp } from '../../test/harness.js';
import { userWith } from '../deploy/device-panel.test-support.js';
import { COD, FLOW, HISTORY, hourRange, L, seedHistory } from './history.test-support.js';

describe('history query: scope, checks, export and access', () => {
  const t = useTestApp();
  let admin: string;
  let a: number;
  let b: number;
  let c: number;
  let projectOne: number;

  beforeAll(async () => {
    ({ admin, a, b, c, projectOne } = await seedHistory(t()));
  });

  const table = (params: Record<string, string>, token = admin) =>
    call<HistoryTable>(t().app, token, 'GET', `${HISTORY}/get`, { query: params });

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
      // Each row's audited values with their state (issue 19); none here.
      '审核状态',
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
