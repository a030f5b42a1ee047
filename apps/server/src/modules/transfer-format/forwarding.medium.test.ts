import { type Page, SUCCESS_STATUS, type UpstreamDevice } from '@envmon/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, call, login, query, useTestApp } from '../../test/harness.js';
import { packet, registerStation, useStationClients } from '../../test/station-client.js';
import { addProvince } from './upstream.test-support.js';

const BASE = '/manager/settings/transferformat/rest';
const OUR_MN = 'LIVE0001';
const UPSTREAM_MN = 'PROVLIVE0001';

/**
 * The `forward` service part end to end: a station reports to our server, which forwards as soon as the hour is
 * stored to a second envmon server (the upstream), configured through the settings routes.
 */
describe('the forward service part', () => {
  const ours = useTestApp({ gateway: true, forward: true });
  const upstream = useTestApp({ gateway: true });
  const station = useStationClients(ours);
  let admin: string;
  let upstreamId: number;
  let deviceId: number;

  beforeAll(async () => {
    admin = await login(ours().app, 'admin', ADMIN_PASSWORD);
    await registerStation(upstream(), { deviceCode: UPSTREAM_MN, password: 'prov01' });
    deviceId = await registerStation(ours(), { deviceCode: OUR_MN });
    upstreamId = await addProvince(ours(), admin, upstream());
    await call(ours().app, admin, 'POST', `${BASE}/updates`, {
      payload: {
        upstreamId,
        devices: [
          {
            deviceId,
            upstreamMn: UPSTREAM_MN,
            upstreamPassword: 'prov01',
            cns: ['2061'],
            factors: [{ factorCode: 'w01018', upstreamCode: null, ratio: 1, decimals: 1 }],
          },
        ],
      },
    });
  });

  it('forwards an hour the station uploads, mapped and rounded, and shows it acknowledged', async () => {
    const client = await station();
    await client.write(
      packet({
        mn: OUR_MN,
        qn: '20260301090500001',
        cn: '2061',
        dataTime: '20260301080000',
        factors: { w01018: { Avg: '23.46', Flag: 'N' }, w21003: { Avg: '0.31', Flag: 'N' } },
      }),
    );
    await client.waitFor((m) => m.cn === '9014');
    await expect
      .poll(
        () =>
          query(upstream(), (db) =>
            db
              .selectFrom('measurements')
              .innerJoin('devices', 'devices.id', 'measurements.deviceId')
              .select(['devices.deviceCode', 'measurements.kind', 'measurements.dataTime'])
              .select(['measurements.factorCode', 'measurements.value'])
              .execute(),
          ),
        { timeout: 10_000, interval: 100 },
      )
      // Only the mapped factor goes, to one decimal.
      .toEqual([
        { deviceCode: UPSTREAM_MN, kind: 'hour', dataTime: Date.UTC(2026, 2, 1, 0), factorCode: 'w01018', value: 23.5 },
      ]);
    await expect
      .poll(
        async () =>
          (
            await call<Page<UpstreamDevice>>(ours().app, admin, 'GET', `${BASE}/getList`, {
              query: { upstreamId: String(upstreamId) },
            })
          ).list[0]?.status,
        { timeout: 5000, interval: 100 },
      )
      .toMatchObject({ connected: true, queued: 0, sent: 1, acknowledged: 1, lastError: null, lastErrorKind: null });
    // The state it reached is in the operation log, once.
    const logged = await query(ours(), (db) =>
      db
        .selectFrom('operationLogs')
        .select(['method', 'params', 'status', 'result'])
        .where('url', '=', `${BASE.replace('/rest', '')}/status`)
        .execute(),
    );
    expect(logged.map((l) => [l.method, JSON.parse(l.params ?? '{}') as unknown, l.status, l.result])).toEqual([
      [
        'FORWARD',
        {
          upstreamId,
          upstream: 'Province',
          deviceId,
          mn: OUR_MN,
          upstreamMn: UPSTREAM_MN,
          state: 'forwarding',
          errorKind: null,
        },
        SUCCESS_STATUS,
        null,
      ],
    ]);
  });
});
