import {
  DAY_MS,
  type DataRule,
  type HistoryTable,
  MESSAGES,
  type OriginalPacket,
  type OriginalParsed,
  type Page,
} from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, useStationClients } from '../../test/station-client.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const REGULAR = '/manager/settings/regular/rest';

/** The rules each symbol is tested with; numbers below are worked by hand in each test. */
const RULES = [
  // COD: k·x + b, then rounded to the factor's decimals (set to 1 below).
  { factorCode: 'w01018', symbol: 'round' },
  { factorCode: 'w01018', symbol: 'linear', k: 1.1, b: -0.2 },
  // Ammonia: a negative becomes zero, and a value below 0.025 half the limit.
  { factorCode: 'w21003', symbol: 'negative', mode: 'zero' },
  { factorCode: 'w21003', symbol: 'detectionLimit', limit: 0.025, mode: 'half' },
  // Dissolved oxygen: below 0.1 is no value.
  { factorCode: 'w01009', symbol: 'detectionLimit', limit: 0.1, mode: 'null' },
  // Total phosphorus: the station sends µg/L, the platform stores mg/L, rounded to 3 decimals.
  { factorCode: 'w21011', symbol: 'unit', fromUnit: 'µg/L', toUnit: 'mg/L' },
  { factorCode: 'w21011', symbol: 'round', decimals: 3 },
  // pH: rounding to 2 decimals changes nothing of 7.25.
  { factorCode: 'w01001', symbol: 'round', decimals: 2 },
];

describe('Settings › regular: data rules', () => {
  const t = useTestApp({ gateway: true });
  const station = useStationClients(t);
  let admin: string;
  let device: number;
  let other: number;
  let reader: string;
  let outsider: string;
  let boundElsewhere: string;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    device = await insertDevice(t(), 'RUL0001');
    other = await insertDevice(t(), 'RUL0002');
    reader = await userWith(t(), admin, 'rule-reader', ['settings.regular']);
    outsider = await userWith(t(), admin, 'rule-outsider', ['settings.iot-card']);
    boundElsewhere = await userWith(
      t(),
      admin,
      'rule-bound',
      ['settings.regular', 'settings.regular:write'],
      ['RUL0002'],
    );
    // Rounding without decimals of its own uses the factor's.
    await query(t(), (db) =>
      db.updateTable('factors').set({ decimals: 1 }).where('factorCode', '=', 'w01018').execute(),
    );
  });

  const get = (url: string, q: Record<string, string>, token: string | null = admin) =>
    t().app.inject({ url, query: q, headers: token ? { token } : {} });
  const post = (url: string, payload: unknown, token: string | null = admin) =>
    t().app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: token ? { token } : {},
    });

  it('replaces a device’s rules and answers them by factor, in the order they apply', async () => {
    const stored = await call<DataRule[]>(t().app, admin, 'POST', `${REGULAR}/update`, {
      payload: { deviceId: device, rules: RULES },
    });
    expect(stored.map((r) => `${r.factorCode} ${r.symbol}`)).toEqual([
      'w01001 round',
      'w01009 detectionLimit',
      'w01018 linear',
      'w01018 round',
      'w21003 negative',
      'w21003 detectionLimit',
      'w21011 unit',
      'w21011 round',
    ]);
    expect(stored.find((r) => r.symbol === 'linear')).toMatchObject({
      deviceId: device,
      deviceCode: 'RUL0001',
      factorName: '化学需氧量',
      k: 1.1,
      b: -0.2,
      mode: null,
      limit: null,
      factorDecimals: 1,
    });
    const byDevice = await call<DataRule[]>(t().app, admin, 'GET', `${REGULAR}/getByDeviceId`, {
      query: { deviceId: String(device) },
    });
    expect(byDevice).toEqual(stored);
    const logged = await query(t(), (db) =>
      db
        .selectFrom('operationLogs')
        .select(['url', 'userName'])
        .where('url', 'like', '%/regular/rest/update%')
        .execute(),
    );
    expect(logged).toEqual([{ url: `${REGULAR}/update`, userName: 'admin' }]);
  });

  it('applies each symbol on ingest, keeping the station’s value where a rule changed it', async () => {
    const client = await station();
    const qn = '20260301100000001';
    await client.write(
      packet({
        mn: 'RUL0001',
        qn,
        dataTime: '20260301100000',
        factors: {
          w01018: { Avg: '10.5', Min: '10.25', Max: '10.45', Flag: 'N' },
          w21003: { Avg: '-0.01', Flag: 'N' },
          w01009: { Avg: '0.05', Flag: 'N' },
          w21011: { Avg: '125', Flag: 'N' },
          w01001: { Avg: '7.25', Flag: 'N' },
          w01003: { Avg: '3.14159', Flag: 'N' },
        },
      }),
    );
    await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
    const rows = await query(t(), (db) =>
      db
        .selectFrom('measurements')
        .select(['factorCode', 'value', 'min', 'max', 'stationValue', 'quality'])
        .where('deviceId', '=', device)
        .where('kind', '=', 'min')
        .orderBy('factorCode')
        .execute(),
    );
    expect(rows).toEqual([
      // 7.25 at 2 decimals is 7.25: unchanged, so no station value beside it.
      { factorCode: 'w01001', value: 7.25, min: null, max: null, stationValue: null, quality: 'N' },
      // No rules: as sent.
      { factorCode: 'w01003', value: 3.14159, min: null, max: null, stationValue: null, quality: 'N' },
      // 0.05 < 0.1: no value (and so no quality verdict on it).
      { factorCode: 'w01009', value: null, min: null, max: null, stationValue: 0.05, quality: 'N' },
      // 1.1 × 10.5 − 0.2 = 11.35 → 11.4 (five after the odd 3); 1.1 × 10.25 − 0.2 = 11.075 → 11.1 (75 dropped);
      // 1.1 × 10.45 − 0.2 = 11.295 → 11.3.
      { factorCode: 'w01018', value: 11.4, min: 11.1, max: 11.3, stationValue: 10.5, quality: 'N' },
      // −0.01 → 0 → below 0.025: 0.0125.
      { factorCode: 'w21003', value: 0.0125, min: null, max: null, stationValue: -0.01, quality: 'N' },
      // 125 µg/L = 0.125 mg/L, three decimals already.
      { factorCode: 'w21011', value: 0.125, min: null, max: null, stationValue: 125, quality: 'N' },
    ]);
    const latest = await query(t(), (db) =>
      db
        .selectFrom('latestValues')
        .select(['factorCode', 'value'])
        .where('deviceId', '=', device)
        .where('factorCode', 'in', ['w01018', 'w21011'])
        .orderBy('factorCode')
        .execute(),
    );
    expect(latest).toEqual([
      { factorCode: 'w01018', value: 11.4 },
      { factorCode: 'w21011', value: 0.125 },
    ]);
    // The original packet keeps what the station sent.
    const original = await query(t(), (db) =>
      db.selectFrom('originalPackets').select('raw').where('qn', '=', qn).executeTakeFirstOrThrow(),
    );
    expect(original.raw).toContain('w01018-Avg=10.5');
  });

  it('shows the station’s value beside the stored one in the history and original queries, where they differ', async () => {
    const minute = Date.UTC(2026, 2, 1, 2, 0); // 10:00 on the station's clock (UTC+8)
    const table = await call<HistoryTable>(t().app, admin, 'GET', '/data/history/rest/get', {
      query: {
        deviceIds: String(device),
        factorCodes: 'w01018,w01003,w01009',
        timeUnit: 'minute',
        beginTime: String(minute),
        endTime: String(minute + 60_000),
      },
    });
    expect(table.list.map((r) => r.values)).toEqual([
      {
        w01018: { value: 11.4, stationValue: 10.5, flag: 'N', quality: 'N' },
        w01009: { value: null, stationValue: 0.05, flag: 'N', quality: 'N' },
        w01003: { value: 3.14159, flag: 'N', quality: 'N' },
      },
    ]);
    const packets = await call<Page<OriginalPacket>>(t().app, admin, 'GET', '/data/original/rest/get', {
      // Packets are found by when they were received.
      query: { deviceId: String(device), beginTime: String(Date.now() - DAY_MS), endTime: String(Date.now() + DAY_MS) },
    });
    const sent = packets.list.find((p) => p.qn === '20260301100000001');
    const parsed = await call<OriginalParsed>(t().app, admin, 'GET', '/data/original/rest/getParsed', {
      query: { id: String(sent?.id) },
    });
    expect(parsed.factors.find((f) => f.code === 'w01018')?.values.Avg).toBe('10.5');
    expect(parsed.stored).toEqual({ w01018: 11.4, w21003: 0.0125, w01009: null, w21011: 0.125 });
  });

  it('follows a change at once: a station resending its value is stored by the new rules', async () => {
    await call(t().app, admin, 'POST', `${REGULAR}/update`, {
      payload: { deviceId: device, rules: [{ factorCode: 'w01018', symbol: 'negative', mode: 'null' }] },
    });
    const client = await station();
    const qn = '20260301100000002';
    await client.write(
      packet({
        mn: 'RUL0001',
        qn,
        dataTime: '20260301100000',
        factors: { w01018: { Avg: '10.5', Flag: 'N' }, w21011: { Avg: '125', Flag: 'N' } },
      }),
    );
    await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
    const rows = await query(t(), (db) =>
      db
        .selectFrom('measurements')
        .select(['factorCode', 'value', 'stationValue'])
        .where('deviceId', '=', device)
        .where('kind', '=', 'min')
        .where('factorCode', 'in', ['w01018', 'w21011'])
        .orderBy('factorCode')
        .execute(),
    );
    expect(rows).toEqual([
      { factorCode: 'w01018', value: 10.5, stationValue: null },
      { factorCode: 'w21011', value: 125, stationValue: null },
    ]);
  });

  it('adds, edits and deletes one rule, one rule per factor and symbol', async () => {
    const added = await call<DataRule>(t().app, admin, 'POST', `${REGULAR}/add`, {
      payload: {
        deviceId: other,
        factorCode: 'w01018',
        symbol: 'detectionLimit',
        limit: 4,
        mode: 'fixed',
        fixedValue: 2,
      },
    });
    expect(added).toMatchObject({ deviceCode: 'RUL0002', symbol: 'detectionLimit', limit: 4, fixedValue: 2 });
    const again = await post(`${REGULAR}/add`, {
      deviceId: other,
      factorCode: 'w01018',
      symbol: 'detectionLimit',
      limit: 1,
      mode: 'half',
    });
    expect(body(again).desc).toBe(MESSAGES.dataRuleTaken);
    const edited = await call<DataRule>(t().app, admin, 'POST', `${REGULAR}/edit`, {
      payload: {
        id: added.id,
        deviceId: other,
        factorCode: 'w01018',
        symbol: 'detectionLimit',
        limit: 4,
        mode: 'half',
      },
    });
    expect(edited).toMatchObject({ id: added.id, mode: 'half', fixedValue: null });
    const page = await call<Page<DataRule>>(t().app, admin, 'GET', `${REGULAR}/get`, {
      query: { deviceId: String(other) },
    });
    expect(page.list.map((r) => r.id)).toEqual([added.id]);
    await call(t().app, admin, 'GET', `${REGULAR}/delete`, { query: { id: String(added.id) } });
    expect(body(await get(`${REGULAR}/getByDeviceId`, { deviceId: String(other) })).data).toEqual([]);
  });

  it('filters the page by device, factor and symbol', async () => {
    await call(t().app, admin, 'POST', `${REGULAR}/update`, { payload: { deviceId: device, rules: RULES } });
    const rounds = await call<Page<DataRule>>(t().app, admin, 'GET', `${REGULAR}/get`, { query: { symbol: 'round' } });
    expect(rounds.list.map((r) => r.factorCode)).toEqual(['w01001', 'w01018', 'w21011']);
    const cod = await call<Page<DataRule>>(t().app, admin, 'GET', `${REGULAR}/get`, {
      query: { factorCode: 'w01018', pageSize: '1' },
    });
    expect(cod.total).toBe(2);
    expect(cod.list).toHaveLength(1);
  });

  it('rules hour and day values too, and the month is kept from the ruled days', async () => {
    // The rules of RULES are in force again (the test before set them).
    const client = await station();
    for (const [cn, qn, dataTime, factors] of [
      ['2061', '20260302100000001', '20260302100000', { w21011: { Avg: '125', Flag: 'N' } }],
      [
        '2031',
        '20260302000000001',
        '20260302000000',
        { w01018: { Avg: '10.5', Min: '10.25', Max: '10.45', Flag: 'N' } },
      ],
    ] as const) {
      await client.write(packet({ mn: 'RUL0001', cn, qn, dataTime, factors }));
      await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
    }
    const rows = await query(t(), (db) =>
      db
        .selectFrom('measurements')
        .select(['kind', 'factorCode', 'value', 'min', 'max', 'stationValue'])
        .where('deviceId', '=', device)
        .where('kind', 'in', ['hour', 'day', 'month'])
        .orderBy('kind')
        .execute(),
    );
    expect(rows).toEqual([
      { kind: 'day', factorCode: 'w01018', value: 11.4, min: 11.1, max: 11.3, stationValue: 10.5 },
      { kind: 'hour', factorCode: 'w21011', value: 0.125, min: null, max: null, stationValue: 125 },
      // The platform's month from its one valid day: the ruled value; it was never the station's.
      { kind: 'month', factorCode: 'w01018', value: 11.4, min: 11.1, max: 11.3, stationValue: null },
    ]);
  });

  it('refuses unknown factors, unknown devices and rules without their parameters', async () => {
    const unknownFactor = await post(`${REGULAR}/update`, {
      deviceId: device,
      rules: [{ factorCode: 'zz0000', symbol: 'round' }],
    });
    expect(body(unknownFactor).desc).toBe(MESSAGES.factorUnknown);
    const unknownDevice = await post(`${REGULAR}/update`, { deviceId: 99999, rules: [] });
    expect(body(unknownDevice).desc).toBe(MESSAGES.notFound);
    const noK = await post(`${REGULAR}/update`, {
      deviceId: device,
      rules: [{ factorCode: 'w01018', symbol: 'linear', b: 1 }],
    });
    expect(noK.statusCode).toBe(400);
    const mixedUnits = await post(`${REGULAR}/add`, {
      deviceId: device,
      factorCode: 'w01018',
      symbol: 'unit',
      fromUnit: 'mg/L',
      toUnit: 'µg/m³',
    });
    expect(mixedUnits.statusCode).toBe(400);
  });

  it('answers 401 without a session, 403 without the page or its write permission', async () => {
    const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      [`${REGULAR}/get`, 'GET', {}],
      [`${REGULAR}/getByDeviceId`, 'GET', { deviceId: String(device) }],
      [`${REGULAR}/update`, 'POST', { deviceId: device, rules: RULES }],
      [`${REGULAR}/add`, 'POST', { deviceId: device, factorCode: 'w01003', symbol: 'round', decimals: 1 }],
      [`${REGULAR}/edit`, 'POST', { id: 1, deviceId: device, factorCode: 'w01003', symbol: 'round', decimals: 1 }],
      [`${REGULAR}/delete`, 'GET', { id: '1' }],
    ];
    for (const [url, method, payload] of calls) {
      const request = (token: string | null) =>
        method === 'GET' ? get(url, payload as Record<string, string>, token) : post(url, payload, token);
      expect((await request(null)).statusCode, url).toBe(401);
      expect((await request(outsider)).statusCode, url).toBe(403);
      const asReader = await request(reader);
      expect(asReader.statusCode, url).toBe(url.endsWith('/get') || url.endsWith('/getByDeviceId') ? 200 : 403);
    }
  });

  it('keeps a user bound to other devices to their rules', async () => {
    const page = await call<Page<DataRule>>(t().app, boundElsewhere, 'GET', `${REGULAR}/get`, {});
    expect(page.list.every((r) => r.deviceId === other)).toBe(true);
    expect(body(await get(`${REGULAR}/getByDeviceId`, { deviceId: String(device) }, boundElsewhere)).desc).toBe(
      MESSAGES.notFound,
    );
    const replace = await post(`${REGULAR}/update`, { deviceId: device, rules: [] }, boundElsewhere);
    expect(body(replace).desc).toBe(MESSAGES.notFound);
    const own = await post(
      `${REGULAR}/update`,
      { deviceId: other, rules: [{ factorCode: 'w01018', symbol: 'round', decimals: 2 }] },
      boundElsewhere,
    );
    expect(body<DataRule[]>(own).data.map((r) => r.deviceCode)).toEqual(['RUL0002']);
    // The device's own rules were left alone.
    expect(
      await call<DataRule[]>(t().app, admin, 'GET', `${REGULAR}/getByDeviceId`, {
        query: { deviceId: String(device) },
      }),
    ).toHaveLength(RULES.length);
  });
});
