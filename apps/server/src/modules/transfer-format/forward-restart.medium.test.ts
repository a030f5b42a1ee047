import type { Page, UpstreamDevice } from '@envmon/shared';
import { parsePacket } from '@envmon/hj212';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, registerStation, useStationClients } from '../../test/station-client.js';
import { addProvince } from './upstream.test-support.js';

const BASE = '/manager/settings/transferformat/rest';
const OUR_MN = 'RESTART0001';
const UPSTREAM_MN = 'PROVRESTART01';
const HOUR = 3600_000;
/** Hours 08:00–11:00 Beijing time on 2 March 2026 (00:00–03:00 UTC). */
const H = [0, 1, 2, 3].map((i) => Date.UTC(2026, 2, 2, 0) + i * HOUR);
const stationTime = (t: number) => new Date(t + 8 * HOUR).toISOString().replace(/\D/g, '').slice(0, 14);
/** A run-state upload (2021) between the third and the fourth hour. */
const STATE_TIME = H[2]! + 5 * 60_000;
/** Conditions are polled for, not timed. */
const UNTIL = { timeout: 20_000, interval: 100 };

/**
 * Issue 20's acceptance: the upstream (a second envmon server) stopped for a while and restarted receives the
 * backlog in order, nothing lost and nothing doubled. Ours runs the gateway and the forward service part; a station
 * reports hours (and a run state) to it throughout.
 */
describe('an upstream stopped and restarted', () => {
  const ours = useTestApp({ gateway: true, forward: true });
  const upstream = useTestApp({ gateway: true });
  const station = useStationClients(ours);
  let admin: string;
  let upstreamId: number;

  const hourPacket = (i: number, qn: string) =>
    packet({
      mn: OUR_MN,
      qn,
      cn: '2061',
      dataTime: stationTime(H[i]!),
      factors: { w01018: { Avg: String(20 + i), Flag: 'N' }, w21003: { Avg: String(0.5 + i / 10), Flag: 'N' } },
    });

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
        .where('measurements.kind', '=', 'hour')
        .orderBy('measurements.dataTime')
        .orderBy('measurements.factorCode')
        .execute(),
    );

  beforeAll(async () => {
    admin = await login(ours().app, 'admin', ADMIN_PASSWORD);
    await registerStation(upstream(), { deviceCode: UPSTREAM_MN, password: 'prov01' });
    const deviceId = await registerStation(ours(), { deviceCode: OUR_MN });
    upstreamId = await addProvince(ours(), admin, upstream());
    await call(ours().app, admin, 'POST', `${BASE}/updates`, {
      payload: {
        upstreamId,
        devices: [
          { deviceId, upstreamMn: UPSTREAM_MN, upstreamPassword: 'prov01', cns: ['2061', '2021'], factors: [] },
        ],
      },
    });
  });

  it('queues what comes while the upstream is down, shows why, and delivers the backlog in order once it is back', async () => {
    const client = await station();
    await client.write(hourPacket(0, '20260302080500001'));
    await expect.poll(upstreamHours, UNTIL).toHaveLength(2);

    // The upstream stops; the station goes on reporting to us.
    await upstream().stop();
    await client.write(hourPacket(1, '20260302090500001'));
    await client.waitFor((m) => m.cn === '9014' && m.qn === '20260302090500001');
    await expect.poll(async () => (await status())?.lastErrorKind ?? '', UNTIL).toMatch(/^(unreachable|closed)$/);
    await client.write(hourPacket(2, '20260302100500001'));
    await client.write(
      packet({
        mn: OUR_MN,
        qn: '20260302100600001',
        cn: '2021',
        dataTime: stationTime(STATE_TIME),
        factors: { SB1: { RS: '1' }, SB2: { RS: '0' } },
      }),
    );
    await client.write(hourPacket(3, '20260302110500001'));
    await client.waitFor((m) => m.cn === '9014' && m.qn === '20260302110500001');
    // Nothing lost meanwhile: all of it waits in the queue, and the status says why it is not sent.
    await expect.poll(status, UNTIL).toMatchObject({ connected: false, queued: 4 });
    expect((await status())?.lastErrorKind).toMatch(/^(unreachable|closed)$/);

    // Back on the same port: the next retry (its wait is past) sends the backlog.
    await upstream().restart();
    ours().clock.advance(2 * 60_000);
    await expect.poll(upstreamHours, UNTIL).toHaveLength(8);
    expect(await upstreamHours()).toEqual(
      H.flatMap((dataTime, i) => [
        { deviceCode: UPSTREAM_MN, dataTime, factorCode: 'w01018', value: 20 + i },
        { deviceCode: UPSTREAM_MN, dataTime, factorCode: 'w21003', value: 0.5 + i / 10 },
      ]),
    );
    await expect
      .poll(status, UNTIL)
      .toMatchObject({ connected: true, queued: 0, lastError: null, lastErrorKind: null });

    // Each upload reached the upstream once, in data-time order (its original packets, as it received them).
    const received = await query(upstream(), (db) =>
      db
        .selectFrom('originalPackets')
        .select(['cn', 'dataTime', 'accepted', 'raw'])
        .where('mn', '=', UPSTREAM_MN)
        .orderBy('id')
        .execute(),
    );
    expect(received.map((p) => [p.cn, p.dataTime, p.accepted])).toEqual([
      ['2061', H[0], 1],
      ['2061', H[1], 1],
      ['2061', H[2], 1],
      ['2021', STATE_TIME, 1],
      ['2061', H[3], 1],
    ]);
    // The run state as the station sent it, under the upstream's MN and password.
    const state = parsePacket(received[3]!.raw);
    expect(state.ok && [state.message.pw, state.message.factors.map((f) => [f.code, f.values])]).toEqual([
      'prov01',
      [
        ['SB1', { RS: '1' }],
        ['SB2', { RS: '0' }],
      ],
    ]);
  });
});
