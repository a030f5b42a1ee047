import type { Page, ReissueTask, UpstreamDevice } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, registerStation, useStationClients } from '../../test/station-client.js';
import { addProvince, storeHours } from './upstream.test-support.js';

const BASE = '/manager/settings/transferformat/rest';
const REISSUE = '/manager/settings/reissue/rest';
const OUR_MN = 'BACKFILL0001';
const UPSTREAM_MN = 'PROVBACKFILL01';
const HOUR = 3600_000;
/** Hours 08:00–10:00 Beijing time on 3 March 2026 (00:00–02:00 UTC): stored by us, never forwarded. */
const H = [0, 1, 2].map((i) => Date.UTC(2026, 2, 3, 0) + i * HOUR);
/** A later hour the station reports live: forwarded, so that our forwarder holds the link to the upstream. */
const LIVE = H[2]! + 2 * HOUR;
const stationTime = (t: number) => new Date(t + 8 * HOUR).toISOString().replace(/\D/g, '').slice(0, 14);
/** Conditions are polled for, not timed. */
const UNTIL = { timeout: 20_000, interval: 100 };

/**
 * Issue 20's acceptance: an upstream's backfill request is answered from stored data. The upstream is a second envmon
 * server; its admin asks for the hours it lacks through its own 数据补发 (settings › reissue, repair), which sends a
 * 2061 with BeginTime and EndTime to the station it knows under the upstream MN — the link our forwarder holds. Ours
 * answers from its stored hours (9011, the uploads, 9012); the upstream stores them and ends its task done.
 */
describe("an upstream's backfill request answered from stored data", () => {
  const ours = useTestApp({ gateway: true, forward: true });
  const upstream = useTestApp({ gateway: true });
  const station = useStationClients(ours);
  let admin: string;
  let upstreamAdmin: string;
  let upstreamId: number;
  let upstreamDeviceId: number;

  const status = async () =>
    (
      await call<Page<UpstreamDevice>>(ours().app, admin, 'GET', `${BASE}/getList`, {
        query: { upstreamId: String(upstreamId) },
      })
    ).list[0]?.status;

  const upstreamHours = () =>
    query(upstream(), (db) =>
      db
        .selectFrom('measurements')
        .innerJoin('devices', 'devices.id', 'measurements.deviceId')
        .select(['devices.deviceCode', 'measurements.dataTime', 'measurements.factorCode', 'measurements.value'])
        .select(['measurements.min', 'measurements.max'])
        .where('measurements.kind', '=', 'hour')
        .orderBy('measurements.dataTime')
        .orderBy('measurements.factorCode')
        .execute(),
    );

  /** The stored hours of the range, as ours holds them and the upstream should end up with them. */
  const storedHour = (dataTime: number, i: number) => [
    { deviceCode: UPSTREAM_MN, dataTime, factorCode: 'w01018', value: 20 + i, min: 19 + i, max: 21 + i },
    {
      deviceCode: UPSTREAM_MN,
      dataTime,
      factorCode: 'w21003',
      value: 0.25 + i / 100,
      min: 0.25 + i / 100 - 1,
      max: 0.25 + i / 100 + 1,
    },
  ];

  beforeAll(async () => {
    admin = await login(ours().app, 'admin', ADMIN_PASSWORD);
    upstreamAdmin = await login(upstream().app, 'admin', ADMIN_PASSWORD);
    upstreamDeviceId = await registerStation(upstream(), { deviceCode: UPSTREAM_MN, password: 'prov01' });
    const deviceId = await registerStation(ours(), { deviceCode: OUR_MN });
    await storeHours(ours(), deviceId, H);
    upstreamId = await addProvince(ours(), admin, upstream());
    // No fromTime: forwarded from now on, so the stored hours are not queued as history.
    await call(ours().app, admin, 'POST', `${BASE}/updates`, {
      payload: {
        upstreamId,
        devices: [{ deviceId, upstreamMn: UPSTREAM_MN, upstreamPassword: 'prov01', cns: ['2061'], factors: [] }],
      },
    });
  });

  it('the upstream repairs the hours it lacks over our link, and stores them as ours holds them', async () => {
    // A live hour opens the link: the upstream then knows our device as a connected station under its MN.
    const client = await station();
    const qn = '20260303120500001';
    await client.write(
      packet({
        mn: OUR_MN,
        qn,
        cn: '2061',
        dataTime: stationTime(LIVE),
        factors: { w01018: { Avg: '30', Flag: 'N' } },
      }),
    );
    await client.waitFor((m) => m.cn === '9014' && m.qn === qn);
    await expect.poll(status, UNTIL).toMatchObject({ connected: true, queued: 0, acknowledged: 1 });
    // Only the live hour went: the stored ones wait for the upstream to ask.
    expect(await upstreamHours()).toEqual([
      { deviceCode: UPSTREAM_MN, dataTime: LIVE, factorCode: 'w01018', value: 30, min: null, max: null },
    ]);

    // The upstream's admin repairs the range from its console's route: every hour of it is missing there.
    const [task] = await call<ReissueTask[]>(upstream().app, upstreamAdmin, 'POST', `${REISSUE}/repair`, {
      payload: { deviceIds: [upstreamDeviceId], cn: '2061', beginTime: H[0], endTime: H[2] },
    });
    expect(task).toMatchObject({ status: 'running', reason: null, missing: 3, requests: 1, expected: 3 });

    const upstreamTask = async () =>
      (
        await call<Page<ReissueTask>>(upstream().app, upstreamAdmin, 'GET', `${REISSUE}/list`, {
          query: { deviceId: String(upstreamDeviceId) },
        })
      ).list.find((t) => t.id === task?.id);
    // Ours accepted (9011), sent the stored hours and said it was done (9012 ExeRtn 1): not a time-out, not noData.
    await expect.poll(async () => (await upstreamTask())?.status, UNTIL).toBe('done');
    expect(await upstreamTask()).toMatchObject({ reason: null, stored: 3, expected: 3, missing: 3 });
    expect((await upstreamTask())?.finishTime).not.toBeNull();

    // The upstream holds the stored hours under the mapped MN, with the same values, beside the live one.
    expect(await upstreamHours()).toEqual([
      ...H.flatMap(storedHour),
      { deviceCode: UPSTREAM_MN, dataTime: LIVE, factorCode: 'w01018', value: 30, min: null, max: null },
    ]);
    // Each backfilled hour reached the upstream once, accepted, over the one link (as the upstream's MN and PW).
    const received = await query(upstream(), (db) =>
      db
        .selectFrom('originalPackets')
        .select(['cn', 'dataTime', 'accepted'])
        .where('mn', '=', UPSTREAM_MN)
        .where('cn', '=', '2061')
        .orderBy('id')
        .execute(),
    );
    expect(received.map((p) => [p.cn, p.dataTime, p.accepted])).toEqual([
      ['2061', LIVE, 1],
      ...H.map((dataTime) => ['2061', dataTime, 1]),
    ]);
    // Answering the upstream is not forwarding: our queue and counts stay as they were, no error.
    expect(await status()).toMatchObject({ connected: true, queued: 0, lastError: null, lastErrorKind: null });
  });
});
