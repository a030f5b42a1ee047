import type { Upstream } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, registerStation } from '../../test/station-client.js';

const BASE = '/manager/settings/transferformat/rest';
const MN = 'HIST0001';
const HOUR = 3600_000;
/** Hours 08:00–12:00 Beijing time on 3 March 2026. */
const H = [0, 1, 2, 3, 4].map((i) => Date.UTC(2026, 2, 3, 0) + i * HOUR);
/** Restarts (2081): one with a DataTime, one without (known by when it came). */
const RESTART_AT = H[0]! + 30 * 60_000;
const RESTART_RECEIVED = H[2]! + 10 * 60_000;

/**
 * Issue 20: a device forwarded from a time in the past. Saving its settings queues its stored uploads of its CNs
 * from then on (hours by their data times, restarts by their original packets), oldest first, each once; moving
 * the time earlier queues only what the earlier time adds.
 */
describe('forwarding from a time in the past', () => {
  const t = useTestApp();
  let admin: string;
  let upstreamId: number;
  let deviceId: number;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    deviceId = await registerStation(t(), { deviceCode: MN });
    await query(t(), async (db) => {
      await db
        .insertInto('measurements')
        .values(
          H.flatMap((dataTime, i) =>
            ['w01018', 'w21003'].map((factorCode) => ({
              deviceId,
              kind: 'hour' as const,
              dataTime,
              factorCode,
              value: i,
              min: null,
              max: null,
              cou: null,
              flag: 'N',
              quality: 'N',
              receivedAt: dataTime,
            })),
          ),
        )
        .execute();
      // Minutes too: a CN not (yet) forwarded.
      await db
        .insertInto('measurements')
        .values(
          [H[0]!, H[3]!].map((dataTime) => ({
            deviceId,
            kind: 'min' as const,
            dataTime,
            factorCode: 'w01018',
            value: 1,
            min: null,
            max: null,
            cou: null,
            flag: 'N',
            quality: 'N',
            receivedAt: dataTime,
          })),
        )
        .execute();
      const original = (dataTime: number | null, receivedAt: number, accepted = 1) => ({
        receivedAt,
        remote: '127.0.0.1:1',
        deviceId,
        mn: MN,
        cn: '2081',
        qn: null,
        dataTime,
        raw: packet({ mn: MN, cn: '2081', cp: { RestartTime: '20260303083000' } }),
        accepted,
        reason: null,
      });
      await db
        .insertInto('originalPackets')
        .values([
          original(RESTART_AT, RESTART_AT + 1000),
          original(null, RESTART_RECEIVED),
          // Rejected: not ours to forward.
          original(H[3]!, H[3]!, 0),
        ])
        .execute();
    });
    upstreamId = (
      await call<Upstream>(t().app, admin, 'POST', `${BASE}/update`, {
        payload: { name: 'Nation', host: '127.0.0.1', port: 1, protocol: '2017', st: '21', password: 'unused' },
      })
    ).id;
  });

  const save = (fromTime: number | null, cns: string[]) =>
    call(t().app, admin, 'POST', `${BASE}/updates`, {
      payload: {
        upstreamId,
        devices: [{ deviceId, upstreamMn: 'NAT-HIST', upstreamPassword: 'pw0001', cns, fromTime }],
      },
    });
  const queued = () =>
    query(t(), (db) => db.selectFrom('forwardQueue').select(['id', 'cn', 'dataTime']).orderBy('id').execute());
  const keys = async () => (await queued()).map((r) => [r.cn, r.dataTime]);

  it('queues the stored uploads from the device’s fromTime on, oldest first', async () => {
    await save(H[1]!, ['2061', '2081']);
    expect(await keys()).toEqual([
      ['2061', H[1]],
      ['2061', H[2]],
      ['2081', RESTART_RECEIVED],
      ['2061', H[3]],
      ['2061', H[4]],
    ]);
  });

  it('queues nothing twice when the same settings are saved again', async () => {
    const before = await queued();
    await save(H[1]!, ['2061', '2081']);
    expect(await queued()).toEqual(before);
  });

  it('queues only what an earlier fromTime or a new CN adds, not what was already sent', async () => {
    // As if the upstream had them all.
    await query(t(), (db) => db.deleteFrom('forwardQueue').execute());
    await save(H[0]!, ['2061', '2081']);
    expect(await keys()).toEqual([
      ['2061', H[0]],
      ['2081', RESTART_AT],
    ]);
    await query(t(), (db) => db.deleteFrom('forwardQueue').execute());
    await save(H[0]!, ['2051', '2061', '2081']);
    expect(await keys()).toEqual([
      ['2051', H[0]],
      ['2051', H[3]],
    ]);
  });

  it('queues no history for a fromTime in the future or none', async () => {
    await query(t(), (db) => db.deleteFrom('upstreamDevices').execute());
    await save(t().clock.now() + HOUR, ['2061']);
    await query(t(), (db) => db.deleteFrom('upstreamDevices').execute());
    await save(null, ['2061']);
    expect(await keys()).toEqual([]);
  });
});
