import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessEventBus } from '../events/bus.js';
import type { IngestPacket, IngestPipeline } from '../ingest/ingest-pipeline.js';
import { ManualClock } from '../lib/clock.js';
import type { StationIdentity } from '../modules/device/device.repository.js';
import { packet, StationClient } from '../test/station-client.js';
import { Gateway } from './gateway.js';
import type { OnlineTracker } from './online-tracker.js';
import type { StationDirectory } from './station-directory.js';

/** The gateway with storage replaced by a pipeline whose commits the test releases by hand. */
class HeldPipeline {
  readonly submitted: { packet: IngestPacket; commit: () => void; fail: (err: Error) => void }[] = [];
  saturated = false;
  private drain: (() => void) | null = null;

  submit(p: IngestPacket): Promise<void> {
    return new Promise((resolve, reject) => this.submitted.push({ packet: p, commit: resolve, fail: reject }));
  }

  onDrain(listener: () => void): void {
    this.drain = listener;
  }

  drained(): void {
    this.drain?.();
  }
}

const STATION: StationIdentity = {
  id: 1,
  deviceCode: 'UNIT0000000000000001',
  deviceName: 'unit',
  password: null,
  intervalTime: 60,
  utcOffsetMinutes: 480,
  ifValid: 1,
  acceptModbusCrc: 0,
};

const directory = { find: (mn: string) => Promise.resolve(mn === STATION.deviceCode ? STATION : null) };
const tracker = {
  start: () => Promise.resolve(),
  stop: () => Promise.resolve(),
  seen: () => undefined,
  closed: () => undefined,
};

let gateway: Gateway | undefined;
let client: StationClient | undefined;

afterEach(async () => {
  await client?.close();
  await gateway?.close();
});

async function start(pipeline: HeldPipeline): Promise<StationClient> {
  gateway = new Gateway({
    settings: {
      port: 0,
      host: '127.0.0.1',
      maxConnections: 10,
      idleTimeoutMs: 60_000,
      proveTimeoutMs: 30_000,
      maxUnprovenPerAddress: 10,
      offlineAfterIntervals: 3,
    },
    directory: directory as unknown as StationDirectory,
    pipeline: pipeline as unknown as IngestPipeline,
    tracker: tracker as unknown as OnlineTracker,
    bus: new InProcessEventBus(() => undefined),
    clock: new ManualClock(Date.UTC(2026, 0, 1)),
    log: pino({ level: 'silent' }),
  });
  client = await StationClient.connect(await gateway.listen());
  return client;
}

const settle = () => new Promise((r) => setTimeout(r, 100));

const upload = (qn: string) =>
  packet({ mn: STATION.deviceCode, qn, dataTime: '20260101120000', factors: { w01018: { Avg: '1.5' } } });

describe('Gateway acknowledgements', () => {
  it('sends 9014 only once the packet is committed', async () => {
    const pipeline = new HeldPipeline();
    const station = await start(pipeline);
    await station.write(upload('20260101120000001'));
    await expect.poll(() => pipeline.submitted.length).toBe(1);
    await settle();
    expect(station.received).toEqual([]);
    expect(pipeline.submitted[0]?.packet.data?.values).toEqual([
      { factorCode: 'w01018', value: 1.5, min: null, max: null, cou: null, flag: null },
    ]);
    pipeline.submitted[0]?.commit();
    const ack = await station.waitFor((m) => m.cn === '9014');
    expect(ack.qn).toBe('20260101120000001');
  });

  it('never acknowledges a packet whose batch failed to commit', async () => {
    const pipeline = new HeldPipeline();
    const station = await start(pipeline);
    await station.write(upload('20260101120000002'));
    await station.write(upload('20260101120000003'));
    await expect.poll(() => pipeline.submitted.length).toBe(2);
    pipeline.submitted[0]?.fail(new Error('disk full'));
    pipeline.submitted[1]?.commit();
    await station.waitFor((m) => m.qn === '20260101120000003');
    await settle();
    expect(station.received.map((m) => m.qn)).toEqual(['20260101120000003']);
  });

  it('stops reading from a station while storage is saturated, and reads again once it drains', async () => {
    const pipeline = new HeldPipeline();
    pipeline.saturated = true;
    const station = await start(pipeline);
    await station.write(upload('20260101120000004'));
    await expect.poll(() => pipeline.submitted.length).toBe(1);
    await station.write(upload('20260101120000005'));
    await settle();
    expect(pipeline.submitted).toHaveLength(1);
    pipeline.saturated = false;
    pipeline.drained();
    await expect.poll(() => pipeline.submitted.length).toBe(2);
  });
});
