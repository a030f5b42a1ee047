import type { Alarm } from '@envmon/shared';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startNats } from '../../../../scripts/nats.mjs';
import { ManualLeadership } from '../cluster/leadership.test-support.js';
import { ALARM_CONSUMER, ALARM_STREAM, consumeWhileLeader, ensureAlarmStream } from './alarm-stream.js';
import { NatsEventBus } from './nats-bus.js';
import { sampleAlarm } from '../modules/alarm/alarm-sample.test-support.js';

/** Processes of a cluster on one real nats-server (this file's own, or TEST_NATS_URL's) with JetStream. */
let server: Awaited<ReturnType<typeof startNats>>;
const connections: NatsConnection[] = [];
const stops: Array<() => Promise<void>> = [];
const warnings: string[] = [];
const log = { warn: (_fields: object, msg: string) => void warnings.push(msg) };

/** Short enough that a dead leader's messages reach the next one within a test. */
const ACK_WAIT_MS = 500;
const POLL = { timeout: 5000, interval: 20 };
/** Longer than the ack wait and a few fetches: whatever would be (re)delivered has been. */
const QUIET_MS = 1500;

async function node(name: string): Promise<NatsConnection> {
  const connection = await connect({ servers: server.url, name });
  connections.push(connection);
  return connection;
}

/** The bus of a process that raises alarms (a gateway): what it publishes the stream keeps. */
async function publisher(): Promise<NatsEventBus> {
  const bus = await NatsEventBus.connect({
    url: server.url,
    name: 'gateway-1',
    onHandlerError: (_name, err) => {
      throw err;
    },
  });
  connections.push(bus.connection);
  return bus;
}

/** A process's reading of the durable consumer; `received` lists the alarm ids of each delivery. */
function reader(
  connection: NatsConnection,
  leadership: ManualLeadership,
  handle: (ids: number[]) => void | Promise<void> = () => undefined,
) {
  const received: number[][] = [];
  const stop = consumeWhileLeader(
    connection,
    leadership,
    (alarms) => {
      const ids = alarms.map((a) => a.id);
      received.push(ids);
      return handle(ids);
    },
    { log, nakDelayMs: 100, retryMs: 100 },
  );
  stops.push(stop);
  return { received, stop };
}

const alarm = (id: number): Alarm => sampleAlarm(id, 1_700_000_000_000);

async function raise(bus: NatsEventBus, ...ids: number[]): Promise<void> {
  for (const id of ids) bus.publish('alarm.changed', { alarms: [alarm(id)] });
  await bus.flush();
}

beforeAll(async () => {
  server = await startNats({ log: () => undefined });
});

afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  const admin = await connect({ servers: server.url });
  const jsm = await jetstreamManager(admin);
  await jsm.streams.delete(ALARM_STREAM).catch(() => undefined);
  await admin.close();
  await Promise.all(
    connections
      .splice(0)
      .filter((c) => !c.isClosed())
      .map((c) => c.close()),
  );
  warnings.length = 0;
});

afterAll(async () => {
  await server.stop();
});

describe('the alarm stream', () => {
  it('is ensured by processes starting at once, and again by a later one with other limits', async () => {
    const [a, b, c] = await Promise.all([node('http-1'), node('http-2'), node('gateway-1')]);
    await Promise.all([a, b, c].map((connection) => ensureAlarmStream(connection, { ackWaitMs: ACK_WAIT_MS })));
    await ensureAlarmStream(a, { ackWaitMs: 2 * ACK_WAIT_MS, maxDeliver: 3 });

    const jsm = await jetstreamManager(a);
    const stream = await jsm.streams.info(ALARM_STREAM);
    expect(stream.config.subjects).toEqual(['envmon.events.alarm.changed']);
    expect(stream.config.storage).toBe('file');
    expect(stream.config.max_age).toBe(24 * 60 * 60 * 1000 * 1_000_000);
    const consumer = await jsm.consumers.info(ALARM_STREAM, ALARM_CONSUMER);
    expect(consumer.config).toMatchObject({
      durable_name: ALARM_CONSUMER,
      ack_policy: 'explicit',
      deliver_policy: 'new',
      ack_wait: 2 * ACK_WAIT_MS * 1_000_000,
      max_deliver: 3,
    });
  });

  it('starts at the events to come, and hands those published while no one leads to the next leader, in order', async () => {
    const bus = await publisher();
    await raise(bus, 1);
    const http = await node('http-1');
    await ensureAlarmStream(http, { ackWaitMs: ACK_WAIT_MS });
    const leadership = new ManualLeadership(false);
    const { received } = reader(http, leadership);

    await raise(bus, 2, 3, 4);
    await sleep(QUIET_MS);
    expect(received).toEqual([]);

    leadership.set(true);
    await expect.poll(() => received, POLL).toEqual([[2], [3], [4]]);
    await sleep(QUIET_MS);
    // Acknowledged: not delivered again.
    expect(received).toEqual([[2], [3], [4]]);
  });

  it('gives the messages a dead leader held unacknowledged to the next leader, and not those it acknowledged', async () => {
    const bus = await publisher();
    const first = await node('http-1');
    const second = await node('http-2');
    await ensureAlarmStream(first, { ackWaitMs: ACK_WAIT_MS });
    const firstLeads = new ManualLeadership(true);
    const secondLeads = new ManualLeadership(false);
    // The first leader handles alarm 1, then hangs on alarm 2 and dies there.
    let release = () => undefined as void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const a = reader(first, firstLeads, (ids) => (ids[0] === 2 ? hung : undefined));
    const b = reader(second, secondLeads);

    await raise(bus, 1, 2, 3);
    await expect.poll(() => a.received, POLL).toEqual([[1], [2]]);
    await first.close();
    secondLeads.set(true);

    await expect.poll(() => b.received, POLL).toEqual([[2], [3]]);
    await sleep(QUIET_MS);
    expect(b.received).toEqual([[2], [3]]);
    // The dead process's handler returns at last: it has no connection to acknowledge on.
    release();
  });

  it('stops reading when the leadership is lost; the new leader carries on from there', async () => {
    const bus = await publisher();
    const first = await node('http-1');
    const second = await node('http-2');
    await ensureAlarmStream(first, { ackWaitMs: ACK_WAIT_MS });
    const firstLeads = new ManualLeadership(true);
    const secondLeads = new ManualLeadership(false);
    const a = reader(first, firstLeads);
    const b = reader(second, secondLeads);

    await raise(bus, 1);
    await expect.poll(() => a.received, POLL).toEqual([[1]]);
    firstLeads.set(false);
    await raise(bus, 2);
    secondLeads.set(true);
    await expect.poll(() => b.received, POLL).toEqual([[2]]);

    // And back: the first process reads again once re-elected.
    secondLeads.set(false);
    firstLeads.set(true);
    await raise(bus, 3);
    await expect.poll(() => a.received, POLL).toEqual([[1], [3]]);
    await sleep(QUIET_MS);
    expect(b.received).toEqual([[2]]);
  });

  it('delivers again after a failed handler, up to max_deliver', async () => {
    const bus = await publisher();
    const http = await node('http-1');
    await ensureAlarmStream(http, { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3 });
    const { received } = reader(http, new ManualLeadership(true), (ids) => {
      if (ids[0] === 1 && received.filter(([id]) => id === 1).length === 1) throw new Error('webhook queue failed');
      if (ids[0] === 2) throw new Error('always fails');
    });

    await raise(bus, 1, 2);
    await expect.poll(() => received.filter(([id]) => id === 1), POLL).toHaveLength(2);
    await expect.poll(() => received.filter(([id]) => id === 2), POLL).toHaveLength(3);
    await sleep(QUIET_MS);
    expect(received.filter(([id]) => id === 1)).toHaveLength(2);
    expect(received.filter(([id]) => id === 2)).toHaveLength(3);
    expect(warnings.filter((w) => w.includes('handler failed'))).toHaveLength(4);
  });

  it('drops an unreadable event instead of delivering it again', async () => {
    const bus = await publisher();
    const http = await node('http-1');
    await ensureAlarmStream(http, { ackWaitMs: ACK_WAIT_MS });
    const { received } = reader(http, new ManualLeadership(true));

    bus.connection.publish('envmon.events.alarm.changed', 'not json');
    await raise(bus, 5);
    await expect.poll(() => received, POLL).toEqual([[5]]);
    await sleep(QUIET_MS);
    expect(received).toEqual([[5]]);
    expect(warnings).toEqual(['alarm stream: an unreadable event; dropped']);
  });
});
