import type { Hj212Message } from '@envmon/hj212';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.js';
import { query, useTestApp } from '../../test/harness.js';
import { insertDevice } from '../deploy/device-panel.test-support.js';
import { type ForwardError, ForwardQueueRepository } from './forward-queue.repository.js';
import { Forwarder } from './forwarder.js';
import { serialisePacket } from '@envmon/hj212';
import { fakeUpstream, reply } from './upstream.test-support.js';

const HOUR = 3600_000;
/** Hours 08:00, 09:00 and 10:00 Beijing time on 1 January 2026. */
const H = [0, 1, 2].map((i) => Date.UTC(2026, 0, 1, 0) + i * HOUR);

describe('the forwarder: store and forward to one upstream', () => {
  const t = useTestApp();
  let deviceId: number;
  let mode: 'refuse' | 'ack' = 'refuse';
  /** A data time (as sent) the upstream leaves unanswered. */
  let silentOn: string | null = null;
  let up: Awaited<ReturnType<typeof fakeUpstream>>;
  let db: ReturnType<typeof openDatabase>['db'];
  let forwarder: Forwarder;
  /** The states the forwarder reported, in order. */
  const states: (ForwardError | null)[] = [];

  beforeAll(async () => {
    up = await fakeUpstream((m, socket) => {
      if (!m.flag?.ack || m.dataTime === silentOn) return;
      socket.write(mode === 'ack' ? reply(m, '9014') : reply(m, '9011', { QnRtn: '3' }));
    });
    deviceId = await insertDevice(t(), 'FW0001');
    const now = t().clock.now();
    await query(t(), async (db) => {
      const value = (dataTime: number, factorCode: string, v: number, audit: Record<string, unknown> = {}) => ({
        deviceId,
        kind: 'hour' as const,
        dataTime,
        factorCode,
        value: v,
        min: null,
        max: null,
        cou: null,
        flag: 'N',
        quality: 'N',
        receivedAt: dataTime,
        ...audit,
      });
      await db
        .insertInto('measurements')
        .values([
          value(H[0]!, 'w01018', 40.1),
          value(H[0]!, 'w21003', 0.5),
          value(H[1]!, 'w01018', 41.2),
          value(H[1]!, 'w21003', 0.52, { auditState: 'replaced', auditValue: 0.45 }),
          value(H[2]!, 'w01018', 99.9, { auditState: 'invalid' }),
          value(H[2]!, 'w21003', 0.61),
        ])
        .execute();
      const upstream = await db
        .insertInto('upstreams')
        .values({
          name: 'National (2005)',
          host: '127.0.0.1',
          port: up.port,
          protocol: '2005',
          st: '32',
          password: 'nat001',
          ackRequired: 1,
          overTimeSeconds: 2,
          reCount: 0,
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
          upstreamId: upstream.id,
          deviceId,
          upstreamMn: 'NAT000000000001',
          upstreamPassword: 'dev001',
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
    db = openDatabase(t().config.database).db;
    forwarder = new Forwarder(new ForwardQueueRepository(db), t().clock, 'node-1', 2000, (_target, error) => {
      states.push(error);
      return Promise.resolve();
    });
    await forwarder.reload();
  });

  afterAll(async () => {
    forwarder.close();
    await up.close();
    await db.destroy();
  });

  const status = () => query(t(), (db) => db.selectFrom('forwardStatus').selectAll().executeTakeFirst());
  const backlog = () => query(t(), (db) => db.selectFrom('forwardQueue').select('dataTime').orderBy('id').execute());
  const event = (kind: 'hour' | 'min', dataTime: number) => ({
    deviceId,
    deviceCode: 'FW0001',
    kind,
    dataTime,
    values: [],
  });

  it('queues the kinds the upstream takes, once each', async () => {
    for (const h of H) await forwarder.received(event('hour', h));
    await forwarder.received(event('hour', H[0]!));
    await forwarder.received(event('min', H[0]!));
    expect((await backlog()).map((r) => r.dataTime)).toEqual(H);
  });

  it('reports a refusal (wrong password upstream) and keeps the backlog, without sending it again', async () => {
    expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('refused');
    // All three went out in the window before the first refusal came back; none was sent again.
    expect(up.received.map((m) => m.dataTime)).toEqual(['20260101080000', '20260101090000', '20260101100000']);
    expect(await status()).toMatchObject({
      connected: 1,
      sent: 3,
      acknowledged: 0,
      lastErrorKind: 'refused',
      lastError: 'QnRtn 3 (PW error)',
    });
    expect(await backlog()).toHaveLength(3);
  });

  it('reports an upstream it cannot reach', async () => {
    await query(t(), (db) => db.updateTable('upstreams').set({ port: 1 }).execute());
    await forwarder.reload();
    expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('unreachable');
    // The OS's reason as the detail (connection refused on port 1).
    expect(await status()).toMatchObject({ connected: 0, lastErrorKind: 'unreachable', lastError: /ECONNREFUSED/ });
  });

  it('sends the backlog in order in the 2005 format, the audited values, and empties the queue on the 9014s', async () => {
    await query(t(), (db) => db.updateTable('upstreams').set({ port: up.port }).execute());
    await forwarder.reload();
    mode = 'ack';
    up.received.length = 0;
    expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('drained');
    const sent = up.received.map((m: Hj212Message) => ({
      header: [m.st, m.cn, m.pw, m.mn, m.flag?.value, m.dialect],
      dataTime: m.dataTime,
      values: m.factors.map((f) => [f.code, f.values]),
    }));
    const header = ['32', '2061', 'dev001', 'NAT000000000001', 1, 'hj212-2005'];
    expect(sent).toEqual([
      {
        header,
        dataTime: '20260101080000',
        values: [
          ['011', { Avg: '40.1', Flag: 'N' }],
          ['060', { Avg: '0.5', Flag: 'N' }],
        ],
      },
      {
        header,
        dataTime: '20260101090000',
        values: [
          ['011', { Avg: '41.2', Flag: 'N' }],
          // The audit replaced the station's 0.52.
          ['060', { Avg: '0.45', Flag: 'N' }],
        ],
      },
      // The audit made COD invalid: only ammonia goes.
      { header, dataTime: '20260101100000', values: [['060', { Avg: '0.61', Flag: 'N' }]] },
    ]);
    // A fresh QN each.
    expect(new Set(up.received.map((m) => m.qn)).size).toBe(3);
    expect(await backlog()).toEqual([]);
    expect(await status()).toMatchObject({
      connected: 1,
      sent: 6,
      acknowledged: 3,
      lastError: null,
      lastDataTime: H[2],
    });
    // Nothing more to send.
    expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('drained');
    expect(up.received).toHaveLength(3);
    // Each change reported once: refused, unreachable, forwarding again (the second drain changed nothing).
    expect(states).toEqual([
      { kind: 'refused', detail: 'QnRtn 3 (PW error)' },
      { kind: 'unreachable', detail: expect.stringMatching(/ECONNREFUSED/) as string },
      null,
    ]);
  });

  it('answers the upstream’s backfill request from the stored hours, and refuses what it does not do', async () => {
    up.received.length = 0;
    const ask = (qn: string, cn: string, cp: Record<string, string>) =>
      serialisePacket({
        qn,
        st: '32',
        cn,
        pw: 'dev001',
        mn: 'NAT000000000001',
        flag: { value: 1, ack: true, split: false, version: 0 },
        dialect: 'hj212-2005',
        extra: {},
        cp,
        factors: [],
      });
    // Hours 08:00 and 09:00 Beijing time.
    up.toClient(ask('20260102000000001', '2061', { BeginTime: '20260101080000', EndTime: '20260101090000' }));
    await expect.poll(() => up.received.map((m) => m.cn), { timeout: 5000 }).toEqual(['9011', '2061', '2061', '9012']);
    const [accepted, first, second, done] = up.received;
    expect([accepted!.qn, accepted!.cp]).toEqual(['20260102000000001', { QnRtn: '1' }]);
    expect([first!.dataTime, second!.dataTime]).toEqual(['20260101080000', '20260101090000']);
    expect(second!.factors.map((f) => [f.code, f.values.Avg])).toEqual([
      ['011', '41.2'],
      ['060', '0.45'],
    ]);
    expect([done!.qn, done!.cp]).toEqual(['20260102000000001', { ExeRtn: '1' }]);

    // The time: the platform's clock (the test's manual clock) on the station's, between 9011 and 9012.
    up.received.length = 0;
    up.toClient(ask('20260102000000002', '1011', {}));
    await expect.poll(() => up.received.map((m) => m.cn), { timeout: 5000 }).toEqual(['9011', '1011', '9012']);
    expect(up.received[1]!.cp.SystemTime).toBe(
      new Date(t().clock.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14),
    );
    // What it does not do is refused.
    up.received.length = 0;
    up.toClient(ask('20260102000000003', '3011', { PolId: 'w01018' }));
    await expect
      .poll(() => up.received.map((m) => [m.cn, m.cp]), { timeout: 5000 })
      .toEqual([['9011', { QnRtn: '2' }]]);
  });

  describe('a backlog with live data', () => {
    /** Hours of 2 January 2026 (UTC), and as the upstream reads them (Beijing time). */
    const day2 = (h: number) => Date.UTC(2026, 0, 2, h);
    const sent = (h: number) => `20260102${String(h + 8).padStart(2, '0')}0000`;
    const enqueue = (hours: number[], at: number) =>
      new ForwardQueueRepository(db).enqueue(
        hours.map((h) => ({ upstreamDeviceId: forwarder.upstreamDevices[0]!.id, cn: '2061', dataTime: day2(h) })),
        at,
      );

    beforeAll(async () => {
      await query(t(), (db) =>
        db
          .insertInto('measurements')
          .values(
            Array.from({ length: 10 }, (_, i) => ({
              deviceId,
              kind: 'hour' as const,
              dataTime: day2(i + 1),
              factorCode: 'w01018',
              value: i + 1,
              min: null,
              max: null,
              cou: null,
              flag: 'N',
              quality: 'N',
              receivedAt: day2(i + 1),
            })),
          )
          .execute(),
      );
    });

    it('sends what was queued in the last seconds ahead of an older backlog, each oldest first', async () => {
      const now = t().clock.now();
      await enqueue([1, 2, 3, 4], now - 60_000);
      await enqueue([5, 6], now - 1000);
      up.received.length = 0;
      expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('drained');
      expect(up.received.map((m) => m.dataTime)).toEqual([5, 6, 1, 2, 3, 4].map(sent));
      expect(await backlog()).toEqual([]);
    });

    it('keeps an upload the upstream did not acknowledge, takes the acknowledged off, and resends it next time', async () => {
      await enqueue([7, 8, 9, 10], t().clock.now() - 60_000);
      up.received.length = 0;
      silentOn = sent(8);
      // All four in the window at once; only hour 8 goes unanswered (time-out 2 s, no resend).
      expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('timeout');
      expect(up.received.map((m) => m.dataTime)).toEqual([7, 8, 9, 10].map(sent));
      expect((await backlog()).map((r) => r.dataTime)).toEqual([day2(8)]);
      expect(await status()).toMatchObject({ lastErrorKind: 'timeout', lastError: 'after 1 sends' });
      silentOn = null;
      expect(await forwarder.drain(forwarder.upstreamDevices[0]!)).toBe('drained');
      expect(up.received.map((m) => m.dataTime)).toEqual([7, 8, 9, 10, 8].map(sent));
      expect(await backlog()).toEqual([]);
      expect(await status()).toMatchObject({ lastError: null, lastErrorKind: null, lastDataTime: day2(10) });
    });

    it('ends a drain after its slice when more is queued (the next drain goes on), each upload sent once', async () => {
      // A clock a second further on at every look: the drain's 2 s slice is over after a round or two.
      let ms = t().clock.now();
      const sliced = new Forwarder(new ForwardQueueRepository(db), { now: () => (ms += 1000) }, 'node-1', 2000);
      await sliced.reload();
      await enqueue([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], t().clock.now() - 60_000);
      up.received.length = 0;
      const left: number[] = [];
      try {
        for (let i = 0; i < 20 && (await backlog()).length > 0; i++) {
          expect(await sliced.drain(sliced.upstreamDevices[0]!, 1)).toBe('drained');
          left.push((await backlog()).length);
        }
      } finally {
        sliced.close();
      }
      expect(left.length).toBeGreaterThan(1);
      expect(left.at(-1)).toBe(0);
      expect(up.received.map((m) => m.dataTime)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(sent));
    });
  });
});
