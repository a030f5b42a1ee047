import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type DomainEvents, InProcessEventBus } from '../events/bus.js';
import { type IngestPacket, IngestPipeline } from './ingest-pipeline.js';
import type { IngestBatch, IngestRepository } from './ingest.repository.js';
import { defaultQualityParams } from './quality-defaults.js';

class FakeRepository implements IngestRepository {
  readonly writesInFlight = 1;
  readonly batches: IngestBatch[] = [];
  failNext = false;

  writeBatch(batch: IngestBatch): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('disk full'));
    }
    this.batches.push(batch);
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Holds every batch until the test releases it, taking up to `writesInFlight` at once. */
class HeldRepository implements IngestRepository {
  readonly started: number[] = [];
  private readonly releases: (() => void)[] = [];

  constructor(readonly writesInFlight: number) {}

  writeBatch(batch: IngestBatch): Promise<void> {
    this.started.push(batch.originals.length);
    return new Promise((resolve) => this.releases.push(resolve));
  }

  /** Lets the oldest held batch commit, and the pipeline react to it. */
  async releaseOldest(): Promise<void> {
    this.releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** Lets the newest held batch commit first, as a batch written beside an earlier one may. */
  async releaseNewest(): Promise<void> {
    this.releases.pop()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const DEVICE = { id: 7, code: 'PIPE0001', utcOffsetMinutes: 480 };

function upload(kind: 'rtd' | 'day', dataTime: number, values: Record<string, number>): IngestPacket {
  return {
    receivedAt: dataTime + 1000,
    remote: '127.0.0.1:1',
    raw: '##…',
    mn: DEVICE.code,
    cn: kind === 'rtd' ? '2011' : '2031',
    qn: null,
    device: DEVICE,
    accepted: true,
    reason: null,
    data: {
      kind,
      dataTime,
      values: Object.entries(values).map(([factorCode, value]) => ({
        factorCode,
        value,
        min: null,
        max: null,
        cou: null,
        flag: 'N',
      })),
    },
  };
}

function setup<R extends IngestRepository = FakeRepository>(
  options = { maxBatch: 100, overlapAt: 10, highWater: 3, lowWater: 1 },
  repository: R = new FakeRepository() as unknown as R,
) {
  const bus = new InProcessEventBus(() => undefined);
  const received: DomainEvents['data.received'][] = [];
  bus.subscribe('data.received', (e) => received.push(e));
  const pipeline = new IngestPipeline(
    repository,
    { params: (_deviceId, code) => defaultQualityParams(code), outlier: () => null },
    bus,
    pino({ level: 'silent' }),
    options,
  );
  return { repository, pipeline, received, bus };
}

const T0 = Date.UTC(2026, 4, 1, 2);

describe('IngestPipeline', () => {
  it('writes packets submitted together in one batch and resolves them after the write', async () => {
    const { repository, pipeline, received } = setup();
    await Promise.all([
      pipeline.submit(upload('rtd', T0, { w01018: 10 })),
      pipeline.submit(upload('rtd', T0 + 60_000, { w01018: 11 })),
      pipeline.submit({ ...upload('rtd', T0, {}), accepted: false, device: null, reason: 'unknown MN' }),
    ]);
    expect(repository.batches).toHaveLength(1);
    const [batch] = repository.batches;
    expect(batch?.originals.map((o) => [o.accepted, o.reason])).toEqual([
      [1, null],
      [1, null],
      [0, 'unknown MN'],
    ]);
    expect(batch?.measurements.map((m) => m.value)).toEqual([10, 11]);
    expect(batch?.latest).toEqual([
      expect.objectContaining({ factorCode: 'w01018', value: 11, dataTime: T0 + 60_000 }),
    ]);
    expect(received.map((e) => e.values[0]?.value)).toEqual([10, 11]);
  });

  it('marks each real-time or minute hour a batch writes into once, in key order, and no hour of day values', async () => {
    const { repository, pipeline } = setup();
    const other = { ...DEVICE, id: 3 };
    await Promise.all([
      pipeline.submit(upload('rtd', T0 + 3_600_000, { w01018: 1 })),
      pipeline.submit(upload('rtd', T0, { w01018: 1, w21003: 2 })),
      pipeline.submit(upload('rtd', T0 + 59 * 60_000, { w01018: 1 })),
      pipeline.submit({ ...upload('rtd', T0, { w01018: 1 }), device: other }),
      pipeline.submit(upload('day', T0, { w01018: 1 })),
      // A packet without values writes nothing.
      pipeline.submit(upload('rtd', T0 + 2 * 3_600_000, {})),
    ]);
    expect(repository.batches).toHaveLength(1);
    expect(repository.batches[0]?.tileHours).toEqual([
      { deviceId: 3, kind: 'rtd', hour: T0 },
      { deviceId: 7, kind: 'rtd', hour: T0 },
      { deviceId: 7, kind: 'rtd', hour: T0 + 3_600_000 },
    ]);
  });

  it('keeps an equipment-state upload as its original with its DataTime and announces it after the commit', async () => {
    const { repository, pipeline, received, bus } = setup();
    const states: DomainEvents['state.received'][] = [];
    bus.subscribe('state.received', (e) => states.push(e));
    const state = (cn: string, dataTime: number | null, extra: Partial<IngestPacket> = {}): IngestPacket => ({
      ...upload('rtd', T0, {}),
      cn,
      data: null,
      state: { dataTime },
      ...extra,
    });
    // A write failing: nothing announced, as nothing was stored.
    repository.failNext = true;
    await expect(pipeline.submit(state('2021', T0))).rejects.toThrow('disk full');
    expect(states).toEqual([]);
    await Promise.all([
      pipeline.submit(state('2021', T0)),
      pipeline.submit(state('2081', null)),
      pipeline.submit(state('2041', T0, { accepted: false, device: null, reason: 'unknown MN' })),
    ]);
    expect(repository.batches.at(-1)?.originals.map((o) => [o.cn, o.dataTime, o.accepted])).toEqual([
      ['2021', T0, 1],
      ['2081', null, 1],
      ['2041', T0, 0],
    ]);
    expect(repository.batches.at(-1)?.measurements).toEqual([]);
    // A 2081 without a DataTime is known by when it came; a rejected packet is not announced.
    expect(states).toEqual([
      { deviceId: DEVICE.id, deviceCode: DEVICE.code, cn: '2021', dataTime: T0 },
      { deviceId: DEVICE.id, deviceCode: DEVICE.code, cn: '2081', dataTime: T0 + 1000 },
    ]);
    expect(received).toEqual([]);
  });

  it('announces a batch’s data and state uploads in the order of its packets (forwarding queues them so)', async () => {
    const { repository, pipeline, bus } = setup();
    const order: string[] = [];
    bus.subscribe('data.received', (e) => order.push(`data ${e.dataTime}`));
    bus.subscribe('state.received', (e) => order.push(`${e.cn} ${e.dataTime}`));
    const state: IngestPacket = { ...upload('rtd', T0, {}), cn: '2021', data: null, state: { dataTime: T0 + 1 } };
    await Promise.all([
      pipeline.submit(upload('rtd', T0, { w01018: 10 })),
      pipeline.submit(state),
      pipeline.submit(upload('rtd', T0 + 2, { w01018: 11 })),
    ]);
    expect(repository.batches).toHaveLength(1);
    expect(order).toEqual([`data ${T0}`, `2021 ${T0 + 1}`, `data ${T0 + 2}`]);
  });

  it('passes a duplicate upload in one batch on in arrival order, and keeps the later as the latest value', async () => {
    const { repository, pipeline } = setup();
    await Promise.all([
      pipeline.submit(upload('rtd', T0, { w01018: 10 })),
      pipeline.submit(upload('rtd', T0, { w01018: 12 })),
    ]);
    expect(repository.batches[0]?.measurements.map((m) => m.value)).toEqual([10, 12]);
    expect(repository.batches[0]?.latest.map((m) => m.value)).toEqual([12]);
    expect(repository.batches[0]?.originals).toHaveLength(2);
  });

  it('flags a constant series, but judges an older backfilled value on its own', async () => {
    const { repository, pipeline } = setup();
    const constantCount = defaultQualityParams('w01018').constantCount;
    for (let i = 0; i < constantCount; i++) await pipeline.submit(upload('rtd', T0 + i * 60_000, { w01018: 25 }));
    await pipeline.submit(upload('rtd', T0 - 60_000, { w01018: 25 }));
    const qualities = repository.batches.flatMap((b) => b.measurements.map((m) => m.quality));
    expect(qualities).toEqual([...Array<string>(constantCount - 1).fill('N'), 'SH3', 'N']);
  });

  it("asks for the month and year of a day value to be recomputed, in the station's calendar", async () => {
    const { repository, pipeline } = setup();
    // 2026-03-01 00:00 Beijing time = 2026-02-28 16:00 UTC: March, not February.
    await pipeline.submit(upload('day', Date.UTC(2026, 1, 28, 16), { w21001: 1.2 }));
    const offset = 8 * 3_600_000;
    expect(repository.batches[0]?.rollups).toEqual([
      {
        deviceId: 7,
        factorCode: 'w21001',
        kind: 'month',
        from: Date.UTC(2026, 2, 1) - offset,
        to: Date.UTC(2026, 3, 1) - offset,
      },
      {
        deviceId: 7,
        factorCode: 'w21001',
        kind: 'year',
        from: Date.UTC(2026, 0, 1) - offset,
        to: Date.UTC(2027, 0, 1) - offset,
      },
    ]);
  });

  it('rejects every packet of a failed batch and announces nothing of it', async () => {
    const { repository, pipeline, received } = setup();
    repository.failNext = true;
    await expect(pipeline.submit(upload('rtd', T0, { w01018: 10 }))).rejects.toThrow('disk full');
    expect(received).toEqual([]);
    await pipeline.submit(upload('rtd', T0, { w01018: 10 }));
    expect(received).toHaveLength(1);
  });

  it('reports saturation at the high-water mark and calls drain listeners once below the low-water mark', async () => {
    const { pipeline } = setup();
    const pending = [0, 1, 2].map((i) => pipeline.submit(upload('rtd', T0 + i, { w01018: i })));
    expect(pipeline.saturated).toBe(true);
    let drained = 0;
    pipeline.onDrain(() => (drained += 1));
    await Promise.all(pending);
    expect(pipeline.saturated).toBe(false);
    expect(drained).toBe(1);
  });

  // Batches started after: 1 packet; 5 more; 3 more; the first batch commits; the second commits.
  it.each([
    [1, [[1], [1], [1], [1, 8], [1, 8]]],
    [2, [[1], [1, 5], [1, 5], [1, 5], [1, 5, 3]]],
  ])(
    'with a repository taking %i batch(es) at once, hands over the next once enough packets wait',
    async (writesInFlight, expected) => {
      const options = { maxBatch: 100, overlapAt: 5, highWater: 100, lowWater: 10 };
      const { repository, pipeline, received } = setup(options, new HeldRepository(writesInFlight));
      const tick = () => new Promise((resolve) => setImmediate(resolve));
      const submitted: Promise<void>[] = [];
      const submit = async (from: number, to: number) => {
        for (let i = from; i < to; i++) submitted.push(pipeline.submit(upload('rtd', T0 + i * 60_000, { w01018: i })));
        await tick();
      };
      await submit(0, 1);
      expect(repository.started).toEqual(expected[0]);
      await submit(1, 6);
      expect(repository.started).toEqual(expected[1]);
      await submit(6, 9);
      expect(repository.started).toEqual(expected[2]);
      await repository.releaseOldest();
      expect(repository.started).toEqual(expected[3]);
      await repository.releaseOldest();
      expect(repository.started).toEqual(expected[4]);
      await repository.releaseOldest();
      await Promise.all(submitted);
      expect(received.map((e) => e.values[0]?.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    },
  );

  it('answers and announces batches in the order it took them when a later one commits first', async () => {
    const options = { maxBatch: 100, overlapAt: 5, highWater: 100, lowWater: 10 };
    const { repository, pipeline, received } = setup(options, new HeldRepository(2));
    const answered: number[] = [];
    const submit = (i: number) =>
      pipeline.submit(upload('rtd', T0 + i * 60_000, { w01018: i })).then(() => answered.push(i));
    const first = submit(0);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [1, 2, 3, 4, 5].map(submit);
    await new Promise((resolve) => setImmediate(resolve));
    expect(repository.started).toEqual([1, 5]);

    await repository.releaseNewest();
    expect(answered).toEqual([]);
    expect(received).toEqual([]);
    await repository.releaseOldest();
    await Promise.all([first, ...rest]);
    expect(answered).toEqual([0, 1, 2, 3, 4, 5]);
    expect(received.map((e) => e.values[0]?.value)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('writes what is queued on close, then refuses more', async () => {
    const { repository, pipeline } = setup();
    const pending = pipeline.submit(upload('rtd', T0, { w01018: 10 }));
    await pipeline.close();
    await pending;
    expect(repository.batches).toHaveLength(1);
    await expect(pipeline.submit(upload('rtd', T0, { w01018: 10 }))).rejects.toThrow(/closed/);
  });
});
