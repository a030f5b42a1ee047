import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import { query, useTestApp } from '../../test/harness.js';
import { insertDevice } from '../deploy/device-panel.test-support.js';
import pino from 'pino';
import { soleLeadership } from '../../cluster/leadership.js';
import { InProcessEventBus } from '../../events/bus.js';
import { ConfigChanges } from '../../events/config-changes.js';
import { type ForwardError, ForwardQueueRepository } from './forward-queue.repository.js';
import { Forwarder } from './forwarder.js';
import { FORWARD_PAUSE_AFTER, FORWARD_RETRY_MAX_MS, ForwardingService } from './forwarding-service.js';
import { storeHours } from './upstream.test-support.js';

const HOUR = 3600_000;
/** Hours 08:00–10:00 Beijing time on 1 March 2026. */
const H = [0, 1, 2].map((i) => Date.UTC(2026, 2, 1, 0) + i * HOUR);
const UPSTREAM_MN = 'PROV000000000001';

/**
 * Issue 20's acceptance, first part: a second envmon server is the upstream (its gateway a real HJ 212 upstream).
 * Ours forwards stored hours to it as a 2005 station would; the upstream stores them under the mapped MN.
 */
describe('forwarding to a second envmon server', () => {
  const ours = useTestApp();
  const upstream = useTestApp({ gateway: true });
  let db: ReturnType<typeof openDatabase>['db'];
  let forwarder: Forwarder;
  let deviceId: number;

  beforeAll(async () => {
    const upstreamDevice = await insertDevice(upstream(), UPSTREAM_MN);
    await query(upstream(), (db) =>
      db.updateTable('devices').set({ password: 'prov01' }).where('id', '=', upstreamDevice).execute(),
    );
    deviceId = await insertDevice(ours(), 'FWD2005');
    const now = ours().clock.now();
    await storeHours(ours(), deviceId, H);
    await query(ours(), async (db) => {
      const row = await db
        .insertInto('upstreams')
        .values({
          name: 'Province',
          host: '127.0.0.1',
          port: upstream().app.stations!.port,
          protocol: '2005',
          st: '21',
          password: 'unused',
          ackRequired: 1,
          overTimeSeconds: 5,
          reCount: 1,
          enabled: 1,
          remark: null,
          createdBy: 'test',
          createTime: now,
          updateTime: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('upstreamDevices')
        .values({
          upstreamId: row.id,
          deviceId,
          upstreamMn: UPSTREAM_MN,
          upstreamPassword: 'prov01',
          cns: '["2061"]',
          factors: '[]',
          valueSource: 'audited',
          fromTime: null,
          enabled: 1,
          createTime: now,
          updateTime: now,
        })
        .execute();
    });
    db = openDatabase(ours().config.database).db;
    forwarder = new Forwarder(new ForwardQueueRepository(db), ours().clock, 'node-1', 2000);
    await forwarder.reload();
    for (const dataTime of H) {
      await forwarder.received({ deviceId, deviceCode: 'FWD2005', kind: 'hour', dataTime, values: [] });
    }
  });

  afterAll(async () => {
    forwarder.close();
    await db.destroy();
  });

  it('the upstream stores every hour under the mapped MN, acknowledged, from the 2005 codes', async () => {
    expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('drained');
    const stored = await query(upstream(), (db) =>
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
    expect(stored).toEqual(
      H.flatMap((dataTime, i) => [
        { deviceCode: UPSTREAM_MN, dataTime, factorCode: 'w01018', value: 20 + i, min: 19 + i, max: 21 + i },
        {
          deviceCode: UPSTREAM_MN,
          dataTime,
          factorCode: 'w21003',
          value: 0.25 + i / 100,
          min: 0.25 + i / 100 - 1,
          max: 0.25 + i / 100 + 1,
        },
      ]),
    );
    const status = await query(ours(), (db) => db.selectFrom('forwardStatus').selectAll().executeTakeFirstOrThrow());
    expect(status).toMatchObject({ sent: 3, acknowledged: 3, lastError: null, lastDataTime: H[2] });
    expect(await query(ours(), (db) => db.selectFrom('forwardQueue').selectAll().execute())).toEqual([]);
  });

  it('reports an upstream that takes the wrong password silently (no 9014 after the resends), keeping the upload', async () => {
    const later = H[2]! + HOUR;
    await query(ours(), async (db) => {
      await db.updateTable('upstreamDevices').set({ upstreamPassword: 'wrong1' }).execute();
      await db.updateTable('upstreams').set({ overTimeSeconds: 1 }).execute();
      await db
        .insertInto('measurements')
        .values({
          deviceId,
          kind: 'hour',
          dataTime: later,
          factorCode: 'w01018',
          value: 30,
          min: null,
          max: null,
          cou: null,
          flag: 'N',
          quality: 'N',
          receivedAt: later,
        })
        .execute();
    });
    await forwarder.reload();
    await forwarder.received({ deviceId, deviceCode: 'FWD2005', kind: 'hour', dataTime: later, values: [] });
    expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('timeout');
    const status = await query(ours(), (db) => db.selectFrom('forwardStatus').selectAll().executeTakeFirstOrThrow());
    expect(status).toMatchObject({ sent: 4, acknowledged: 3, lastErrorKind: 'timeout', lastError: 'after 2 sends' });
    expect(await query(ours(), (db) => db.selectFrom('forwardQueue').select('dataTime').execute())).toEqual([
      { dataTime: later },
    ]);
    const upstreamHours = await query(upstream(), (db) =>
      db.selectFrom('measurements').select('dataTime').where('dataTime', '=', later).execute(),
    );
    expect(upstreamHours).toEqual([]);
  });

  it('pauses after repeated failures (reported once, not sent again), and resumes at once when the settings are saved', async () => {
    const later = H[2]! + HOUR;
    const bus = new InProcessEventBus(() => undefined);
    const configChanges = new ConfigChanges(bus, { error: () => undefined });
    const queue = new ForwardQueueRepository(db);
    const reports: (ForwardError | null)[] = [];
    const paused = new Forwarder(queue, ours().clock, 'node-1', 2000, (target, error) =>
      service.onStatus(target, error),
    );
    const service: ForwardingService = new ForwardingService({
      forwarder: paused,
      queue,
      bus,
      configChanges,
      elect: () => Promise.resolve(soleLeadership()),
      clock: ours().clock,
      log: pino({ level: 'silent' }),
      report: (_target, error) => {
        reports.push(error);
        return Promise.resolve();
      },
      // Rounds are run by hand here.
      tickMs: 3_600_000,
    });
    await service.start();
    const round = async () => {
      service.kick();
      await service.idle();
      // Past any wait, so that only the pause can hold the device back.
      ours().clock.advance(FORWARD_RETRY_MAX_MS);
    };
    const status = () => query(ours(), (db) => db.selectFrom('forwardStatus').selectAll().executeTakeFirstOrThrow());
    const sentBefore = Number((await status()).sent);

    // The upstream still takes the wrong password silently.
    for (let i = 0; i < FORWARD_PAUSE_AFTER; i++) await round();
    const timeout = { kind: 'timeout', detail: 'after 2 sends' };
    const pause = { kind: 'paused', detail: 'timeout: after 2 sends' };
    expect(await status()).toMatchObject({ lastErrorKind: 'paused', lastError: pause.detail });
    const sentAtPause = Number((await status()).sent);
    expect(sentAtPause).toBeGreaterThanOrEqual(sentBefore + FORWARD_PAUSE_AFTER);
    expect(reports).toEqual([timeout, pause]);

    // Paused: more rounds send nothing.
    for (let i = 0; i < 3; i++) await round();
    expect(Number((await status()).sent)).toBe(sentAtPause);
    expect(reports).toHaveLength(2);

    // The password put right and saved: forwarded at once.
    await query(ours(), (db) => db.updateTable('upstreamDevices').set({ upstreamPassword: 'prov01' }).execute());
    await configChanges.changed('transferFormat');
    await service.idle();
    expect(await status()).toMatchObject({ lastError: null, lastErrorKind: null });
    expect(await query(ours(), (db) => db.selectFrom('forwardQueue').select('dataTime').execute())).toEqual([]);
    const upstreamHours = await query(upstream(), (db) =>
      db.selectFrom('measurements').select(['dataTime', 'value']).where('dataTime', '=', later).execute(),
    );
    expect(upstreamHours).toEqual([{ dataTime: later, value: 30 }]);
    expect(reports.at(-1)).toBeNull();
    await service.stop();
  });
});
