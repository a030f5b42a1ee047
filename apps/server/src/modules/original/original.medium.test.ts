import { frameSegment } from '@envmon/hj212';
import type { OriginalPacket, OriginalParsed, OtherResult, Page, WeatherDay } from '@envmon/shared';
import { MINUTE_MS, DAY_MS } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp, downloadWorkbook } from '../../test/harness.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const ORIGINAL = '/data/original/rest';
const OTHER = '/data/other/rest/get';
const WEATHER = '/manager/system/weather/rest/getByDate';

/** A CRC-valid packet of the station `mn` (ST 32), command `cn`, with the given CP text. */
const packet = (mn: string, cn: string, cp: string) =>
  frameSegment(`QN=20260101080000000;ST=32;CN=${cn};PW=123456;MN=${mn};Flag=4;CP=&&${cp}&&`);

describe('original packets, station state and weather', () => {
  const t = useTestApp();
  let admin: string;
  let station: number;
  let base: number;
  const range = () => ({ beginTime: String(base - DAY_MS), endTime: String(base + DAY_MS) });

  async function store(
    rows: {
      at: number;
      mn: string;
      cn: string | null;
      raw: string;
      accepted?: boolean;
      reason?: string;
      deviceId?: number | null;
    }[],
  ) {
    await query(t(), (db) =>
      db
        .insertInto('originalPackets')
        .values(
          rows.map((r) => ({
            receivedAt: r.at,
            remote: '10.0.0.5:40001',
            deviceId: r.deviceId === undefined ? station : r.deviceId,
            mn: r.mn,
            cn: r.cn,
            qn: null,
            dataTime: null,
            raw: r.raw,
            accepted: r.accepted === false ? 0 : 1,
            reason: r.reason ?? null,
          })),
        )
        .execute(),
    );
  }

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    station = await insertDevice(t(), 'OT-01');
    base = t().clock.now();
    await store([
      // 2021 run state: SB1 running, SB2 stopped.
      {
        at: base - 5 * MINUTE_MS,
        mn: 'OT-01',
        cn: '2021',
        raw: packet('OT-01', '2021', 'DataTime=20260101080000;SB1-RS=1;SB2-RS=0'),
      },
      // 2041 daily run time: SB1 23.5 h, SB2 1.2 h.
      {
        at: base - 4 * MINUTE_MS,
        mn: 'OT-01',
        cn: '2041',
        raw: packet('OT-01', '2041', 'DataTime=20260101000000;SB1-RT=23.5;SB2-RT=1.2'),
      },
      // 2081 restart at 07:30 (UTC+8) = 2025-12-31T23:30:00Z.
      {
        at: base - 3 * MINUTE_MS,
        mn: 'OT-01',
        cn: '2081',
        raw: packet('OT-01', '2081', 'DataTime=20260101080000;RestartTime=20260101073000'),
      },
      // 3020 state and parameter of pollutant w01018.
      {
        at: base - 2 * MINUTE_MS,
        mn: 'OT-01',
        cn: '3020',
        raw: packet('OT-01', '3020', 'DataTime=20260101080000;PolId=w01018;i12001-Info=//0//;i13004-Info=//2.5//'),
      },
      // A packet of an unknown station, rejected, and one that does not parse.
      {
        at: base - MINUTE_MS,
        mn: 'UNKNOWN-9',
        cn: '2011',
        raw: packet('UNKNOWN-9', '2011', 'DataTime=20260101080000;w01018-Rtd=1.5'),
        accepted: false,
        reason: 'unknown MN',
        deviceId: null,
      },
      { at: base, mn: 'OT-01', cn: null, raw: '##0010garbage0000', accepted: false, reason: 'CRC_MISMATCH' },
      // Outside the range: never listed.
      {
        at: base - 3 * DAY_MS,
        mn: 'OT-01',
        cn: '2011',
        raw: packet('OT-01', '2011', 'DataTime=20260101080000;w01018-Rtd=1'),
      },
    ]);
  });

  const list = (filters: Record<string, string>) =>
    call<Page<OriginalPacket>>(t().app, admin, 'GET', `${ORIGINAL}/get`, { query: { ...range(), ...filters } });

  it('lists packets newest first, paged, filtered by device, MN, CN and status', async () => {
    const all = await list({ pageSize: '4' });
    expect(all.total).toBe(6);
    expect(all.list.map((p) => p.cn)).toEqual([null, '2011', '3020', '2081']);
    expect(all.list[1]).toMatchObject({
      mn: 'UNKNOWN-9',
      accepted: false,
      reason: 'unknown MN',
      remote: '10.0.0.5:40001',
    });
    const second = await list({ pageSize: '4', pageNum: '2' });
    expect(second.list.map((p) => p.cn)).toEqual(['2041', '2021']);
    expect((await list({ deviceId: String(station) })).total).toBe(5);
    expect((await list({ mn: 'UNKNOWN-9' })).list.map((p) => p.deviceId)).toEqual([null]);
    expect((await list({ cn: '2081' })).total).toBe(1);
    expect((await list({ status: 'rejected' })).list.map((p) => p.reason)).toEqual(['CRC_MISMATCH', 'unknown MN']);
    expect((await list({ status: 'accepted' })).total).toBe(4);
  });

  it('refuses a missing or too long time range', async () => {
    const missing = await t().app.inject({ url: `${ORIGINAL}/get`, headers: { token: admin } });
    expect(body(missing).status).toBe(-1);
    const tooLong = await t().app.inject({
      url: `${ORIGINAL}/get`,
      query: { beginTime: String(base - 40 * DAY_MS), endTime: String(base) },
      headers: { token: admin },
    });
    expect(body(tooLong).status).toBe(-1);
  });

  it('parses a packet on demand, or tells why it does not parse', async () => {
    const [garbage, unknown, info] = (await list({})).list;
    const parsed = await call<OriginalParsed>(t().app, admin, 'GET', `${ORIGINAL}/getParsed`, {
      query: { id: String(unknown?.id) },
    });
    expect(parsed).toMatchObject({
      ok: true,
      error: null,
      header: { ST: '32', CN: '2011', MN: 'UNKNOWN-9', Flag: '4' },
    });
    expect(parsed.cp).toEqual({ DataTime: '20260101080000' });
    expect(parsed.factors).toEqual([{ code: 'w01018', values: { Rtd: '1.5' } }]);
    const infoParsed = await call<OriginalParsed>(t().app, admin, 'GET', `${ORIGINAL}/getParsed`, {
      query: { id: String(info?.id) },
    });
    expect(infoParsed.cp.PolId).toBe('w01018');
    const bad = await call<OriginalParsed>(t().app, admin, 'GET', `${ORIGINAL}/getParsed`, {
      query: { id: String(garbage?.id) },
    });
    expect(bad.ok).toBe(false);
    expect(bad.error?.code).toBeTruthy();
    expect(bad.raw).toBe('##0010garbage0000');
    const missing = await t().app.inject({ url: `${ORIGINAL}/getParsed?id=999999`, headers: { token: admin } });
    expect(body(missing).desc).toBe('数据不存在！');
  });

  const other = (kind: string) =>
    call<OtherResult>(t().app, admin, 'GET', OTHER, { query: { ...range(), deviceId: String(station), kind } });

  it('reads station state from the stored 2021, 2041, 2081 and 3020 packets', async () => {
    const dataTime = Date.UTC(2026, 0, 1, 0, 0, 0);
    const runState = await other('runState');
    expect(runState.truncated).toBe(false);
    expect(runState.rows.map((r) => [r.item, r.value, r.dataTime])).toEqual([
      ['SB1', '1', dataTime],
      ['SB2', '0', dataTime],
    ]);
    expect((await other('runTime')).rows.map((r) => [r.item, r.value])).toEqual([
      ['SB1', '23.5'],
      ['SB2', '1.2'],
    ]);
    expect((await other('restart')).rows.map((r) => r.value)).toEqual([String(Date.UTC(2025, 11, 31, 23, 30, 0))]);
    expect((await other('info')).rows.map((r) => [r.item, r.infoId, r.value])).toEqual([
      ['w01018', 'i12001', '0'],
      ['w01018', 'i13004', '2.5'],
    ]);
  });

  it('exports in two steps: a link with a single-use ticket, then an xlsx of the listed packets', async () => {
    const { url } = await call<{ url: string }>(t().app, admin, 'GET', `${ORIGINAL}/export`, {
      query: { exportSpecialFlag: '1', ...range(), status: 'rejected', cn: '' },
    });
    const [path, search] = url.split('?');
    expect(path).toBe(`${ORIGINAL}/export/download`);
    // The blank cn is left out; the non-empty filters, the ticket and the progress id go along.
    expect([...new URLSearchParams(search).keys()].sort()).toEqual([
      'beginTime',
      'endTime',
      'progress',
      'status',
      'ticket',
    ]);
    const workbook = await downloadWorkbook(t().app, url);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      '序号',
      '接收时间',
      '远端地址',
      '设备名称',
      'MN',
      'CN',
      '状态',
      '原因',
      '原始报文',
    ]);
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(7).value).toBe('拒绝');
    expect(sheet?.getRow(2).getCell(8).value).toBe('CRC_MISMATCH');
    expect(sheet?.getRow(3).getCell(5).value).toBe('UNKNOWN-9');
    // Receive times on the station's clock with its zone; a packet of no known station in the default zone.
    expect(sheet?.getRow(3).getCell(2).value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\+08:00$/);
    expect((await t().app.inject({ url })).statusCode).toBe(401);
  });

  it('scopes packets by project and ifFilter; unknown-MN packets only for administrators', async () => {
    // A second station in a project of its own, with one packet.
    const outsider = await insertDevice(t(), 'OT-02');
    const project = await query(t(), async (db) => {
      const { id } = await db
        .insertInto('deployClassify')
        .values({ deployName: 'OT project', deployNameEn: null, deployType: 1, createTime: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('devices').set({ projectId: id }).where('id', '=', outsider).execute();
      return id;
    });
    await store([
      {
        at: base - 30 * MINUTE_MS,
        mn: 'OT-02',
        cn: '2011',
        raw: packet('OT-02', '2011', 'DataTime=20260101080000;w01018-Rtd=2'),
        deviceId: outsider,
      },
    ]);
    // Admin: OT-01's 5, the unknown one, OT-02's 1.
    expect((await list({})).total).toBe(7);
    // The project: OT-02's packet, and (administrator) the unknown station's.
    expect((await list({ projectId: String(project) })).list.map((p) => p.mn)).toEqual(['UNKNOWN-9', 'OT-02']);

    const token = await userWith(t(), admin, 'orig-bound', ['query.original', 'query.other'], ['OT-02']);
    const seen = (filters: Record<string, string>) =>
      call<Page<OriginalPacket>>(t().app, token, 'GET', `${ORIGINAL}/get`, { query: { ...range(), ...filters } });
    // Bound to OT-02: only its packet, whatever ifFilter says (issue 13); never the unknown station's.
    expect((await seen({})).list.map((p) => p.mn)).toEqual(['OT-02']);
    expect((await seen({ ifFilter: '1' })).list.map((p) => p.mn)).toEqual(['OT-02']);
    // Not an administrator and bound to nothing: every device's packets (5 + 1), never the unknown station's.
    const unbound = await userWith(t(), admin, 'orig-unbound', ['query.original']);
    const unboundSeen = await call<Page<OriginalPacket>>(t().app, unbound, 'GET', `${ORIGINAL}/get`, {
      query: range(),
    });
    expect(unboundSeen.total).toBe(6);
    const unknown = (await list({ mn: 'UNKNOWN-9' })).list[0];
    const refused = async (url: string, q: Record<string, string>) =>
      body(await t().app.inject({ url, query: q, headers: { token } })).desc;
    expect(await refused(`${ORIGINAL}/getParsed`, { id: String(unknown?.id) })).toBe('数据不存在！');
    // A device outside the scope is notFound, for the list, the parse, the export and the 'other' read.
    expect(await refused(`${ORIGINAL}/get`, { ...range(), deviceId: String(station), ifFilter: '1' })).toBe(
      '数据不存在！',
    );
    const own = (await seen({ ifFilter: '1' })).list[0];
    expect(
      (
        await call<OriginalParsed>(t().app, token, 'GET', `${ORIGINAL}/getParsed`, {
          query: { id: String(own?.id), ifFilter: '1' },
        })
      ).ok,
    ).toBe(true);
    const [first] = (await list({ deviceId: String(station) })).list;
    expect(await refused(`${ORIGINAL}/getParsed`, { id: String(first?.id), ifFilter: '1' })).toBe('数据不存在！');
    expect(await refused(OTHER, { ...range(), deviceId: String(station), kind: 'runState', ifFilter: '1' })).toBe(
      '数据不存在！',
    );
    const outside = await call<{ url: string }>(t().app, token, 'GET', `${ORIGINAL}/export`, {
      query: { exportSpecialFlag: '1', ...range(), deviceId: String(station), ifFilter: '1' },
    });
    expect(body(await t().app.inject({ url: outside.url })).desc).toBe('数据不存在！');
    const { url } = await call<{ url: string }>(t().app, token, 'GET', `${ORIGINAL}/export`, {
      query: { exportSpecialFlag: '1', ...range(), ifFilter: '1' },
    });
    const workbook = await downloadWorkbook(t().app, url);
    // The header and OT-02's one packet.
    expect(workbook.worksheets[0]?.rowCount).toBe(2);
    expect(workbook.worksheets[0]?.getRow(2).getCell(5).value).toBe('OT-02');
  });

  it('exports the other query with the screen’s columns of the kind', async () => {
    const read = async (kind: string, lang: string) => {
      const { url } = await call<{ url: string }>(t().app, admin, 'GET', `${OTHER.replace('/get', '')}/export`, {
        query: { exportSpecialFlag: '1', ...range(), deviceId: String(station), kind, lang },
      });
      const workbook = await downloadWorkbook(t().app, url);
      const sheet = workbook.worksheets[0];
      return Array.from({ length: sheet?.rowCount ?? 0 }, (_, i) =>
        (sheet?.getRow(i + 1).values as unknown[]).slice(1),
      );
    };
    // The packets' DataTime 2026-01-01 08:00:00 on the station's clock (UTC+8), whatever the server's zone; the zone named.
    const dataTime = '2026-01-01 08:00:00';
    expect(await read('runState', 'zh-CN')).toEqual([
      ['序号', '数据时间（UTC+08:00）', '设备/因子', '值'],
      [1, dataTime, 'SB1', '1'],
      [2, dataTime, 'SB2', '0'],
    ]);
    // The restart instant 07:30 Beijing time = 2025-12-31T23:30Z, written as a time like the screen shows it.
    expect(await read('restart', 'en-US')).toEqual([
      ['No.', 'Data time (UTC+08:00)', 'Value (UTC+08:00)'],
      [1, dataTime, '2026-01-01 07:30:00'],
    ]);
    expect(await read('info', 'zh-CN')).toEqual([
      ['序号', '数据时间（UTC+08:00）', '设备/因子', '信息编码', '值'],
      [1, dataTime, 'w01018', 'i12001', '0'],
      [2, dataTime, 'w01018', 'i13004', '2.5'],
    ]);
  });

  it('answers the weather day values per date, nulls where none were sent', async () => {
    const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime();
    await query(t(), (db) =>
      db
        .insertInto('measurements')
        .values(
          [
            ['a01001', local(2026, 3, 1), 12.5],
            ['a01007', local(2026, 3, 1), 3.2],
            ['a01008', local(2026, 3, 1), 270],
            ['a01002', local(2026, 3, 3), 80],
            ['a21026', local(2026, 3, 3), 9],
          ].map(([factorCode, dataTime, value]) => ({
            deviceId: station,
            kind: 'day' as const,
            dataTime: dataTime as number,
            factorCode: factorCode as string,
            value: value as number,
            min: null,
            max: null,
            cou: null,
            flag: 'N',
            quality: 'N',
            receivedAt: base,
          })),
        )
        .execute(),
    );
    const days = await call<WeatherDay[]>(t().app, admin, 'GET', WEATHER, {
      query: { deviceId: String(station), beginDate: '2026-03-01', endDate: '2026-03-03' },
    });
    const none = { temperature: null, humidity: null, pressure: null, windSpeed: null, windDirection: null };
    expect(days).toEqual([
      { ...none, date: '2026-03-01', temperature: 12.5, windSpeed: 3.2, windDirection: 270 },
      { ...none, date: '2026-03-02' },
      { ...none, date: '2026-03-03', humidity: 80 },
    ]);
  });

  it('answers 401 without a session and 403 without the query resource', async () => {
    const urls = [`${ORIGINAL}/get`, `${ORIGINAL}/getParsed?id=1`, `${ORIGINAL}/export`, OTHER];
    for (const url of [...urls, WEATHER]) expect((await t().app.inject({ url })).statusCode).toBe(401);
    const token = await userWith(t(), admin, 'orig-none', ['system.device']);
    for (const url of urls) expect((await t().app.inject({ url, headers: { token } })).statusCode).toBe(403);
    const weather = await t().app.inject({
      url: WEATHER,
      query: { deviceId: String(station), beginDate: '2026-03-01', endDate: '2026-03-01' },
      headers: { token },
    });
    expect(body(weather).status).toBe(200);
  });
});
