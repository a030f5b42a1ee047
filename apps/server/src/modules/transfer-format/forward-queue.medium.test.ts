import { beforeAll, describe, expect, it } from 'vitest';
import { query, type TestApp, useTestApp } from '../../test/harness.js';
import { insertDevice } from '../deploy/device-panel.test-support.js';
import { ForwardQueueRepository } from './forward-queue.repository.js';

/** An upstream with one device forwarded to it; answers the upstream device's id. */
async function forwarded(t: TestApp, name: string, deviceCode: string, enabled = 1): Promise<number> {
  const deviceId = await insertDevice(t, deviceCode);
  const now = t.clock.now();
  return query(t, async (db) => {
    const upstream = await db
      .insertInto('upstreams')
      .values({
        name,
        host: '127.0.0.1',
        port: 9212,
        protocol: '2017',
        st: '21',
        password: '123456',
        ackRequired: 1,
        overTimeSeconds: 10,
        reCount: 3,
        enabled,
        remark: null,
        createdBy: 'test',
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('upstreamDevices')
      .values({
        upstreamId: upstream.id,
        deviceId,
        upstreamMn: `UP${deviceCode}`,
        upstreamPassword: '654321',
        cns: '["2061"]',
        factors: '[]',
        valueSource: 'audited',
        fromTime: null,
        enabled: 1,
        createTime: now,
        updateTime: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A 17-digit QN per index (too long for a number). */
const qnOf = (i: number) => `2026010100000${String(i).padStart(4, '0')}`;

describe('the forward queue', () => {
  const t = useTestApp();
  let a: number;
  let b: number;
  const HOUR = 3600_000;

  beforeAll(async () => {
    a = await forwarded(t(), 'Queue A', 'FQ0001');
    b = await forwarded(t(), 'Queue B', 'FQ0002', 0);
  });

  const withRepo = <T>(fn: (repo: ForwardQueueRepository) => Promise<T>, bound = 3) =>
    query(t(), (db) => fn(new ForwardQueueRepository(db, bound)));

  it('lists the enabled devices of enabled upstreams only', async () => {
    const targets = await withRepo((repo) => repo.targets());
    expect(targets.map((x) => [x.id, x.deviceCode, x.upstreamMn, x.upstream.name, x.utcOffsetMinutes])).toEqual([
      [a, 'FQ0001', 'UPFQ0001', 'Queue A', 480],
    ]);
  });

  it('queues in order, an upload once, and drops the oldest beyond the bound (counted)', async () => {
    const item = (h: number) => ({ upstreamDeviceId: a, cn: '2061', dataTime: h * HOUR });
    const dropped = await withRepo(async (repo) => {
      const first = await repo.enqueue([item(1), item(2), item(1)], 100);
      const second = await repo.enqueue([item(3), item(4), item(2)], 200);
      return [first, second];
    });
    // Hours 1–4 queued once each; the bound (3) drops hour 1.
    expect(dropped).toEqual([0, 1]);
    const rows = await withRepo((repo) => repo.next(a, 10));
    expect(rows.map((r) => r.dataTime / HOUR)).toEqual([2, 3, 4]);
    const status = await query(t(), (db) =>
      db.selectFrom('forwardStatus').selectAll().where('upstreamDeviceId', '=', a).executeTakeFirstOrThrow(),
    );
    expect(status).toMatchObject({ dropped: 1, sent: 0, acknowledged: 0, connected: 0 });
  });

  it('records attempts and deliveries: the status counts, the newest data time delivered, the last error', async () => {
    const lastError = () =>
      query(t(), (db) =>
        db
          .selectFrom('forwardStatus')
          .select(['lastErrorKind', 'lastError', 'lastErrorTime'])
          .where('upstreamDeviceId', '=', a)
          .executeTakeFirstOrThrow(),
      );
    await withRepo(async (repo) => {
      const [h2, h3] = await repo.next(a, 2);
      await repo.setConnected(a, true, 'node-1');
      const record = (sent: (typeof h2)[], delivered: (typeof h2)[], acknowledged: boolean, clearError = false) => ({
        upstreamDeviceId: a,
        sent: sent.map((row, i) => ({ row: row!, qn: `2026010108000000${i}` })),
        delivered: delivered.map((row) => row!),
        acknowledged,
        clearError,
      });
      await repo.record([record([h2], [], true)], 1000);
      await repo.recordError(a, { kind: 'timeout', detail: 'after 4 sends' }, 1010);
      expect(await lastError()).toEqual({ lastErrorKind: 'timeout', lastError: 'after 4 sends', lastErrorTime: 1010 });
      await repo.record([record([h2], [h2], true)], 1020);
      await repo.record([record([h3], [h3], false, true)], 1030);
    });
    const rows = await withRepo((repo) => repo.next(a, 10));
    expect(rows.map((r) => r.dataTime / HOUR)).toEqual([4]);
    const status = await query(t(), (db) =>
      db.selectFrom('forwardStatus').selectAll().where('upstreamDeviceId', '=', a).executeTakeFirstOrThrow(),
    );
    expect(status).toMatchObject({
      connected: 1,
      nodeId: 'node-1',
      sent: 3,
      acknowledged: 1,
      dropped: 1,
      lastSendTime: 1030,
      lastAckTime: 1020,
      lastDataTime: 3 * HOUR,
      lastError: null,
      lastErrorKind: null,
      lastErrorTime: null,
    });
    // Nothing of the other upstream's device moved.
    expect(await withRepo((repo) => repo.next(b, 10))).toEqual([]);
  });

  it('keeps the bound when one repository queues upload by upload (the count is not taken each time)', async () => {
    const c = await forwarded(t(), 'Queue C', 'FQ0003');
    const dropped = await withRepo(async (repo) => {
      const out: number[] = [];
      for (let h = 1; h <= 6; h++)
        out.push(await repo.enqueue([{ upstreamDeviceId: c, cn: '2061', dataTime: h * HOUR }], h));
      return out;
    });
    expect(dropped).toEqual([0, 0, 0, 1, 1, 1]);
    expect((await withRepo((repo) => repo.next(c, 10))).map((r) => r.dataTime / HOUR)).toEqual([4, 5, 6]);
  });

  it('batches: a drain’s attempts and deliveries in one call, the live part found from the queueing times', async () => {
    const d = await forwarded(t(), 'Queue D', 'FQ0004');
    const items = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => ({
        upstreamDeviceId: d,
        cn: '2061',
        dataTime: (from + i) * HOUR,
      }));
    const rows = await withRepo(async (repo) => {
      await repo.enqueue(items(1, 600), 1000);
      await repo.enqueue(items(601, 610), 5000);
      return repo.next(d, 1000);
    }, 20_000);
    expect(rows).toHaveLength(610);
    await withRepo(async (repo) => {
      // Queued from 5000 on: the last ten; nothing that recent: past the newest row.
      expect(await repo.liveFrom(d, 5000)).toBe(rows[600]!.id);
      expect(await repo.liveFrom(d, 6000)).toBe(rows[609]!.id + 1);
      expect(await repo.liveFrom(d, 0)).toBe(rows[0]!.id);
      // In id windows: after and before.
      expect((await repo.next(d, 3, rows[1]!.id, rows[4]!.id)).map((r) => r.dataTime / HOUR)).toEqual([3, 4]);
      await repo.record(
        [
          {
            upstreamDeviceId: d,
            sent: rows.map((row, i) => ({ row, qn: qnOf(i) })),
            delivered: rows.slice(0, 550),
            acknowledged: true,
            clearError: false,
          },
        ],
        8000,
      );
    }, 20_000);
    const left = await withRepo((repo) => repo.next(d, 1000));
    expect(left.map((r) => [r.dataTime / HOUR, r.attempts, r.qn, r.sendTime])).toEqual(
      rows.slice(550).map((_r, i) => [551 + i, 1, qnOf(550 + i), 8000]),
    );
    const status = await query(t(), (db) =>
      db.selectFrom('forwardStatus').selectAll().where('upstreamDeviceId', '=', d).executeTakeFirstOrThrow(),
    );
    expect(status).toMatchObject({ sent: 610, acknowledged: 550, lastAckTime: 8000, lastDataTime: 550 * HOUR });
  });

  it('reads the stored values of many uploads at once, only those asked for, by data time', async () => {
    const deviceId = await insertDevice(t(), 'FQ0005');
    await query(t(), (db) =>
      db
        .insertInto('measurements')
        .values(
          [1, 2, 3, 4, 5, 600].flatMap((h) =>
            ['w21003', 'w01018'].map((factorCode) => ({
              deviceId,
              kind: 'hour' as const,
              dataTime: h * HOUR,
              factorCode,
              value: h,
              min: null,
              max: null,
              cou: null,
              flag: 'N',
              quality: 'N',
              receivedAt: 0,
            })),
          ),
        )
        .execute(),
    );
    // Hours 2 and 4 lie between those asked for and are not; 600 is far from the others; 700 has nothing.
    const values = await withRepo((repo) =>
      repo.valuesAt(
        deviceId,
        'hour',
        [5, 1, 3, 600, 700].map((h) => h * HOUR),
      ),
    );
    expect([...values].map(([time, list]) => [time / HOUR, list.map((v) => [v.factorCode, v.value])])).toEqual(
      [1, 3, 5, 600].map((h) => [
        h,
        [
          ['w01018', h],
          ['w21003', h],
        ],
      ]),
    );
  });
});
