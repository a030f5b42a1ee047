import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startNats } from '../../../../scripts/nats.mjs';
import type { DomainEventName, DomainEvents } from './bus.js';
import { NatsEventBus } from './nats-bus.js';

/** Two processes' buses on one real nats-server (this file's own, or TEST_NATS_URL's). */
let server: Awaited<ReturnType<typeof startNats>>;
const buses: NatsEventBus[] = [];
const errors: Array<{ name: DomainEventName; err: unknown }> = [];

async function bus(name: string): Promise<NatsEventBus> {
  const created = await NatsEventBus.connect({
    url: server.url,
    name,
    onHandlerError: (event, err) => errors.push({ name: event, err }),
  });
  buses.push(created);
  return created;
}

const ONLINE: DomainEvents['device.online'] = {
  deviceId: 7,
  deviceCode: 'LHS001',
  at: 1_700_000_000_000,
  remote: '10.0.0.9:5100',
};

/** The next `count` payloads of an event on a bus, in arrival order. */
function received<K extends DomainEventName>(on: NatsEventBus, name: K, count: number) {
  const payloads: Array<DomainEvents[K]> = [];
  let unsubscribe = () => {};
  const done = new Promise<Array<DomainEvents[K]>>((resolve) => {
    unsubscribe = on.subscribe(name, (payload) => {
      payloads.push(payload);
      if (payloads.length === count) resolve(payloads);
    });
  });
  return { done, unsubscribe };
}

beforeAll(async () => {
  server = await startNats({ log: () => undefined });
});

afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
  errors.length = 0;
});

afterAll(async () => {
  await server.stop();
});

describe('NatsEventBus', () => {
  it('carries an event from one process to the subscribers of every process, its own included', async () => {
    const gateway = await bus('gateway-1');
    const http = await bus('http-1');
    const atHttp = received(http, 'device.online', 1);
    const atGateway = received(gateway, 'device.online', 1);
    await http.flush();
    await gateway.flush();
    gateway.publish('device.online', ONLINE);
    expect(await atHttp.done).toEqual([ONLINE]);
    expect(await atGateway.done).toEqual([ONLINE]);
  });

  it('keeps one publisher’s order, and each event to its own subscribers', async () => {
    const gateway = await bus('gateway-1');
    const http = await bus('http-1');
    const data = received(http, 'data.received', 50);
    const offline = vi.fn();
    http.subscribe('device.offline', offline);
    await http.flush();
    for (let i = 0; i < 50; i++) {
      gateway.publish('data.received', {
        deviceId: 7,
        deviceCode: 'LHS001',
        kind: 'min',
        dataTime: i,
        values: [{ factorCode: 'w01018', value: i, min: null, max: null, cou: null, flag: 'N', quality: 'N' }],
      });
    }
    expect((await data.done).map((p) => p.dataTime)).toEqual([...Array(50).keys()]);
    expect(offline).not.toHaveBeenCalled();
  });

  it('stops delivering after unsubscribe, and a failing handler neither stops the others nor the publisher', async () => {
    const gateway = await bus('gateway-1');
    const http = await bus('http-1');
    const dropped = vi.fn();
    const stop = http.subscribe('device.online', dropped);
    http.subscribe('device.online', () => {
      throw new Error('processor failed');
    });
    const still = received(http, 'device.online', 2);
    await http.flush();
    gateway.publish('device.online', ONLINE);
    await vi.waitFor(() => expect(dropped).toHaveBeenCalledOnce());
    stop();
    await http.flush();
    gateway.publish('device.online', { ...ONLINE, at: ONLINE.at + 1 });
    expect((await still.done).map((p) => p.at)).toEqual([ONLINE.at, ONLINE.at + 1]);
    expect(dropped).toHaveBeenCalledOnce();
    expect(errors.map((e) => [e.name, (e.err as Error).message])).toEqual([
      ['device.online', 'processor failed'],
      ['device.online', 'processor failed'],
    ]);
  });

  it('hands each event to one member of a group across processes, and to every subscriber without one', async () => {
    const gateway = await bus('gateway-1');
    const first = await bus('http-1');
    const second = await bus('http-2');
    const atFirst: number[] = [];
    const atSecond: number[] = [];
    first.subscribe('device.online', (e) => atFirst.push(e.at), { group: 'alarm-engine' });
    second.subscribe('device.online', (e) => atSecond.push(e.at), { group: 'alarm-engine' });
    const everyone = received(second, 'device.online', 20);
    await first.flush();
    await second.flush();
    for (let i = 0; i < 20; i++) gateway.publish('device.online', { ...ONLINE, at: i });
    expect((await everyone.done).map((p) => p.at)).toEqual([...Array(20).keys()]);
    await vi.waitFor(() => expect(atFirst.length + atSecond.length).toBe(20));
    expect([...atFirst, ...atSecond].sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('hands a process its own events at once when it asks for them, and only others’ when it asks for those', async () => {
    const gateway = await bus('gateway-1');
    const http = await bus('http-1');
    const here: number[] = [];
    const elsewhereAtGateway = vi.fn();
    gateway.subscribe('device.online', (e) => here.push(e.at), { from: 'here' });
    gateway.subscribe('device.online', elsewhereAtGateway, { from: 'elsewhere' });
    http.subscribe('device.online', (e) => here.push(-e.at), { from: 'here' });
    const elsewhereAtHttp = received(http, 'device.online', 2);
    const fromHttp = received(gateway, 'device.online', 3);
    await http.flush();
    await gateway.flush();
    gateway.publish('device.online', { ...ONLINE, at: 1 });
    gateway.publish('device.online', { ...ONLINE, at: 2 });
    // Synchronous, in order, and only in the publishing process.
    expect(here).toEqual([1, 2]);
    expect((await elsewhereAtHttp.done).map((e) => e.at)).toEqual([1, 2]);
    http.publish('device.online', { ...ONLINE, at: 3 });
    expect((await fromHttp.done).map((e) => e.at)).toEqual([1, 2, 3]);
    expect(elsewhereAtGateway.mock.calls.map(([e]) => (e as { at: number }).at)).toEqual([3]);
    // Nothing that came over the server went to a subscriber of its own events.
    expect(here).toEqual([1, 2, -3]);
  });
});
