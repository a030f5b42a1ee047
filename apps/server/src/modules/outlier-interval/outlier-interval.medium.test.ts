import { MESSAGES, type OutlierApplication, type OutlierInterval, type Page } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasurementKind } from '../../db/schema.js';
import { ADMIN_PASSWORD, body, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, StationClient } from '../../test/station-client.js';
import { insertDevice, userWith } from '../deploy/device-panel.test-support.js';

const BASE = '/manager/settings/outlierInterval/rest';
const PAGE = 'water.outlier-interval';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The stations keep China time (utc_offset_minutes 480): local midnight of 1 January 2026 is 16:00 UTC the day before. */
const JAN1 = Date.UTC(2025, 11, 31, 16);

/** COD (w01018) values the stations send, minute data: three on 1 January and one early on 1 February (local). */
const SENT = [
  { time: '20260101120000', value: '10' },
  { time: '20260101120100', value: '25' },
  { time: '20260101120200', value: '35' },
  // 00:30 local on 1 February is still January in UTC: the intervals go by the station's month.
  { time: '20260201003000', value: '35' },
] as const;

describe('outlier intervals', () => {
  const t = useTestApp({ gateway: true });
  let admin: string;
  let one: number;
  let two: number;
  /** Ids of the intervals added below. */
  const ids: Record<'factorYear' | 'deviceJanuary', number> = { factorYear: 0, deviceJanuary: 0 };

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    one = await insertDevice(t(), 'OUT0001');
    two = await insertDevice(t(), 'OUT0002');
  });

  const save = (payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url: `${BASE}/update`, payload, headers: { token } });
  const apply = (payload: Record<string, unknown>, token = admin) =>
    t().app.inject({ method: 'POST', url: `${BASE}/apply`, payload, headers: { token } });

  async function send(mn: string, values: readonly { time: string; value: string }[]): Promise<void> {
    const port = t().app.stations?.port;
    if (port === undefined) throw new Error('the gateway is not running');
    const client = await StationClient.connect(port);
    try {
      for (const [i, v] of values.entries()) {
        const qn = `${v.time}${String(i).padStart(3, '0')}`;
        await client.write(packet({ mn, qn, dataTime: v.time, factors: { w01018: { Avg: v.value, Flag: 'N' } } }));
        await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
      }
    } finally {
      await client.close();
    }
  }

  const flags = (deviceId: number, kind: MeasurementKind = 'min') =>
    query(t(), (db) =>
      db
        .selectFrom('measurements')
        .select(['dataTime', 'value', 'quality'])
        .where('deviceId', '=', deviceId)
        .where('factorCode', '=', 'w01018')
        .where('kind', '=', kind)
        .orderBy('dataTime')
        .execute(),
    ).then((rows) => rows.map((r) => `${r.value}:${r.quality}`));

  it('adds the factor’s and a station’s intervals, refusing overlaps and bad bounds', async () => {
    const factorYear = body<OutlierInterval>(
      await save({ factorCode: 'w01018', abnMin: 0, abnMax: 100, wnMin: 5, wnMax: 50, remark: 'COD' }),
    );
    expect(factorYear.data).toMatchObject({ deviceId: null, factorName: '化学需氧量', months: [], updatedBy: 'admin' });
    ids.factorYear = factorYear.data.id;
    const deviceJanuary = body<OutlierInterval>(
      await save({ deviceId: one, factorCode: 'w01018', months: [1], abnMin: 0, abnMax: 30, wnMin: 2, wnMax: 20 }),
    );
    expect(deviceJanuary.data).toMatchObject({ deviceName: 'Station OUT0001', months: [1] });
    ids.deviceJanuary = deviceJanuary.data.id;
    // A summer interval of the factor beside its all-year one is fine; a second all-year one, or another January
    // one of the station, is not.
    expect(body(await save({ factorCode: 'w01018', months: [6, 7, 8], abnMax: 200, wnMax: 150 })).status).toBe(200);
    expect(body(await save({ factorCode: 'w01018', abnMax: 1 })).desc).toBe(MESSAGES.outlierIntervalOverlap);
    expect(body(await save({ deviceId: one, factorCode: 'w01018', months: [1, 2], wnMax: 1 })).desc).toBe(
      MESSAGES.outlierIntervalOverlap,
    );
    // The WN interval reaching outside the ABN one, months outside 1–12, unknown factor and device.
    expect((await save({ factorCode: 'w01001', abnMin: 6, wnMin: 5 })).statusCode).toBe(400);
    expect((await save({ factorCode: 'w01001', months: [13], wnMin: 5 })).statusCode).toBe(400);
    expect(body(await save({ factorCode: 'zz0000', wnMin: 5 })).desc).toBe(MESSAGES.notFound);
    expect(body(await save({ deviceId: 99999, factorCode: 'w01018', wnMin: 5 })).desc).toBe(MESSAGES.notFound);

    const page = await call<Page<OutlierInterval>>(t().app, admin, 'GET', `${BASE}/get`, {
      query: { factorCode: 'w01018' },
    });
    // The factor's first (all year, then the summer), then the station's.
    expect(page.list.map((i) => [i.deviceId, i.months.join(',')])).toEqual([
      [null, ''],
      [null, '6,7,8'],
      [one, '1'],
    ]);
    const stations = await call<Page<OutlierInterval>>(t().app, admin, 'GET', `${BASE}/get`, {
      query: { level: 'device' },
    });
    expect(stations.total).toBe(1);
  });

  it('flags what the stations send by the interval of the station’s month', async () => {
    await send('OUT0001', SENT);
    await send('OUT0002', SENT.slice(0, 3));
    // OUT0001 in January: its own interval (WN outside 2–20, ABN outside 0–30); in February the factor's (5–50, 0–100).
    expect(await flags(one)).toEqual(['10:N', '25:WN', '35:ABN', '35:N']);
    // OUT0002 has none of its own: the factor's all year.
    expect(await flags(two)).toEqual(['10:N', '25:N', '35:N']);
  });

  it('re-applies changed intervals to a range, leaving the platform’s own flags, and records how many changed', async () => {
    // Values the series rules flagged stay as they are, and day values whose month and year follow.
    await query(t(), async (db) => {
      const row = { deviceId: one, factorCode: 'w01018', min: null, max: null, cou: null, flag: 'N', receivedAt: 1 };
      await db
        .insertInto('measurements')
        .values([
          { ...row, kind: 'min', dataTime: JAN1 + 13 * HOUR_MS, value: 0, quality: 'SH2' },
          { ...row, kind: 'min', dataTime: JAN1 + 14 * HOUR_MS, value: 500, quality: 'SH4' },
          { ...row, deviceId: two, kind: 'day', dataTime: JAN1, value: 35, quality: 'N' },
          { ...row, deviceId: two, kind: 'day', dataTime: JAN1 + DAY_MS, value: 15, quality: 'N' },
        ])
        .execute();
    });
    await call(t().app, admin, 'POST', `${BASE}/update`, {
      payload: { id: ids.factorYear, factorCode: 'w01018', abnMin: 0, abnMax: 100, wnMin: 5, wnMax: 20 },
    });
    await call(t().app, admin, 'POST', `${BASE}/update`, {
      payload: { id: ids.deviceJanuary, deviceId: one, factorCode: 'w01018', months: [1], abnMax: 24, wnMax: 12 },
    });

    const applied = await call<OutlierApplication>(t().app, admin, 'POST', `${BASE}/apply`, {
      payload: {
        deviceIds: [one, two],
        factorCodes: ['w01018'],
        kinds: ['min', 'day'],
        beginTime: JAN1,
        endTime: JAN1 + 40 * DAY_MS,
      },
    });
    // Re-judged: OUT0001's four minute values, OUT0002's three and its two days (the SH2 and SH4 values are not).
    // Changed: OUT0001 25 WN→ABN (above 24) and 35 in February N→WN (above the factor's new 20); OUT0002 25 and
    // 35 N→WN, and its 35 day N→WN.
    expect(applied).toMatchObject({
      userName: 'admin',
      devices: [
        { id: one, name: 'Station OUT0001' },
        { id: two, name: 'Station OUT0002' },
      ],
      factorCodes: ['w01018'],
      kinds: ['min', 'day'],
      examined: 9,
      changed: 5,
    });
    expect(await flags(one)).toEqual(['10:N', '25:ABN', '35:ABN', '0:SH2', '500:SH4', '35:WN']);
    expect(await flags(two)).toEqual(['10:N', '25:WN', '35:WN']);
    expect(await flags(two, 'day')).toEqual(['35:WN', '15:N']);
    // January's and 2026's values now come from the one valid day.
    expect(await flags(two, 'month')).toEqual(['15:N']);
    expect(await flags(two, 'year')).toEqual(['15:N']);
    // The newest value of each station follows its flag.
    const latest = await query(t(), (db) =>
      db.selectFrom('latestValues').select(['deviceId', 'quality']).where('deviceId', 'in', [one, two]).execute(),
    );
    expect(latest.sort((a, b) => a.deviceId - b.deviceId)).toEqual([
      { deviceId: one, quality: 'WN' },
      { deviceId: two, quality: 'WN' },
    ]);

    // Applied again, nothing changes.
    const again = await call<OutlierApplication>(t().app, admin, 'POST', `${BASE}/apply`, {
      payload: { factorCodes: [], kinds: ['min'], beginTime: JAN1, endTime: JAN1 + 40 * DAY_MS },
    });
    expect(again).toMatchObject({ devices: [], examined: 7, changed: 0 });
    const applications = await call<Page<OutlierApplication>>(t().app, admin, 'GET', `${BASE}/applications`);
    expect(applications.list.map((a) => [a.examined, a.changed])).toEqual([
      [7, 0],
      [9, 5],
    ]);
    const logged = await query(t(), (db) =>
      db.selectFrom('operationLogs').select('url').where('url', 'like', `${BASE}/%`).execute(),
    );
    expect(logged.map((l) => l.url)).toEqual(expect.arrayContaining([`${BASE}/update`, `${BASE}/apply`]));
  });

  it('refuses a range ending before it begins or longer than a year', async () => {
    expect((await apply({ kinds: ['min'], beginTime: JAN1, endTime: JAN1 })).statusCode).toBe(400);
    expect((await apply({ kinds: ['min'], beginTime: JAN1, endTime: JAN1 + 400 * DAY_MS })).statusCode).toBe(400);
    expect((await apply({ kinds: [], beginTime: JAN1, endTime: JAN1 + DAY_MS })).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 without the page or its write', async () => {
    const list = () => t().app.inject({ url: `${BASE}/get` });
    expect((await list()).statusCode).toBe(401);
    const stranger = await userWith(t(), admin, 'outlier-stranger', ['alarm.list']);
    const reader = await userWith(t(), admin, 'outlier-reader', [PAGE]);
    expect((await t().app.inject({ url: `${BASE}/get`, headers: { token: stranger } })).statusCode).toBe(403);
    expect((await t().app.inject({ url: `${BASE}/applications`, headers: { token: stranger } })).statusCode).toBe(403);
    expect((await t().app.inject({ url: `${BASE}/get`, headers: { token: reader } })).statusCode).toBe(200);
    expect((await save({ factorCode: 'w01001', wnMin: 6 }, reader)).statusCode).toBe(403);
    expect((await apply({ kinds: ['min'], beginTime: JAN1, endTime: JAN1 + DAY_MS }, reader)).statusCode).toBe(403);
    const remove = await t().app.inject({
      url: `${BASE}/delete`,
      query: { id: String(ids.factorYear) },
      headers: { token: reader },
    });
    expect(remove.statusCode).toBe(403);
  });

  it('keeps a user bound to a station to that station', async () => {
    const bound = await userWith(t(), admin, 'outlier-bound', [PAGE, `${PAGE}:write`], ['OUT0002']);
    const page = await call<Page<OutlierInterval>>(t().app, bound, 'GET', `${BASE}/get`, {
      query: { factorCode: 'w01018' },
    });
    // The factor's intervals hold for their station too; OUT0001's own is not theirs to see.
    expect(page.list.map((i) => i.deviceId)).toEqual([null, null]);
    // Nor theirs to change: the factor's (every station), and OUT0001's.
    expect((await save({ factorCode: 'w01001', wnMin: 6 }, bound)).statusCode).toBe(403);
    expect(
      (
        await t().app.inject({
          url: `${BASE}/delete`,
          query: { id: String(ids.factorYear) },
          headers: { token: bound },
        })
      ).statusCode,
    ).toBe(403);
    expect(body(await save({ deviceId: one, factorCode: 'w01001', wnMin: 6 }, bound)).desc).toBe(MESSAGES.notFound);
    const own = body<OutlierInterval>(await save({ deviceId: two, factorCode: 'w01001', wnMin: 6 }, bound));
    expect(own.data).toMatchObject({ deviceId: two, updatedBy: 'outlier-bound' });

    const range = { kinds: ['min'], beginTime: JAN1, endTime: JAN1 + 40 * DAY_MS };
    expect(body(await apply({ ...range, deviceIds: [one] }, bound)).desc).toBe(MESSAGES.notFound);
    // No device named: their station only (OUT0002's three minute values).
    const applied = body<OutlierApplication>(await apply(range, bound));
    expect(applied.data).toMatchObject({ examined: 3, changed: 0 });
    const applications = await call<Page<OutlierApplication>>(t().app, bound, 'GET', `${BASE}/applications`);
    expect(applications.list.map((a) => a.userName)).toEqual(['outlier-bound']);

    await call(t().app, admin, 'GET', `${BASE}/delete`, { query: { id: String(own.data.id) } });
    expect(
      body(await t().app.inject({ url: `${BASE}/delete`, query: { id: '99999' }, headers: { token: admin } })).desc,
    ).toBe(MESSAGES.notFound);
  });
});
