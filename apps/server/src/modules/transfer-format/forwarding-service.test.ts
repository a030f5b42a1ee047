import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualLeadership } from '../../cluster/leadership.test-support.js';
import { InProcessEventBus } from '../../events/bus.js';
import { ConfigChanges } from '../../events/config-changes.js';
import { ManualClock } from '../../lib/clock.js';
import type { ForwardError, ForwardItem, ForwardTargetRow } from './forward-queue.repository.js';
import type { DrainResult } from './forwarder.js';
import {
  afterDrain,
  FORWARD_PAUSE_AFTER,
  FORWARD_REFUSED_RETRY_MS,
  FORWARD_RETRY_MAX_MS,
  FORWARD_RETRY_MS,
  type ForwarderPort,
  ForwardingService,
  forwardStatusLogEntry,
  NO_RETRY,
  pausedError,
  type RetryState,
  retryDelay,
} from './forwarding-service.js';

describe('retryDelay', () => {
  it('does not wait after a drain that emptied the backlog', () => {
    expect(retryDelay('drained', 8000)).toBe(0);
  });

  it('doubles the wait for an upstream down, silent or gone, up to the bound', () => {
    const waits: number[] = [];
    let wait = 0;
    for (const result of [
      'unreachable',
      'timeout',
      'closed',
      'unreachable',
      'timeout',
      'timeout',
      'timeout',
      'timeout',
    ] as const) {
      wait = retryDelay(result, wait);
      waits.push(wait);
    }
    expect(FORWARD_RETRY_MS).toBe(1000);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(FORWARD_RETRY_MAX_MS).toBe(60_000);
  });

  it('waits long after a refusal: the same packet would be refused again', () => {
    expect(retryDelay('refused', 0)).toBe(FORWARD_REFUSED_RETRY_MS);
    expect(FORWARD_REFUSED_RETRY_MS).toBe(600_000);
  });
});

describe('afterDrain', () => {
  it('pauses after three failed drains in a row while connected (time-outs, refusals)', () => {
    let state: RetryState = NO_RETRY;
    const pauses: boolean[] = [];
    for (const result of ['timeout', 'refused', 'timeout'] as const) {
      const next = afterDrain(result, state);
      pauses.push(next.pause);
      state = next;
    }
    expect(pauses).toEqual([false, false, true]);
    expect(state.failures).toBe(FORWARD_PAUSE_AFTER);
  });

  it('never pauses an upstream down or gone: it keeps retrying, the wait bounded by a minute', () => {
    let state: RetryState = NO_RETRY;
    for (let i = 0; i < 50; i++) {
      const next = afterDrain(i % 3 === 0 ? 'closed' : 'unreachable', state);
      expect(next.pause).toBe(false);
      state = next;
    }
    expect(state).toMatchObject({ delayMs: FORWARD_RETRY_MAX_MS, failures: 0 });
  });

  it('counts failures while connected across an outage between them, and a drained backlog clears the count', () => {
    let state = afterDrain('timeout', NO_RETRY);
    state = afterDrain('unreachable', state);
    state = afterDrain('timeout', state);
    expect(state).toMatchObject({ failures: 2, pause: false });
    expect(afterDrain('drained', state)).toEqual({ delayMs: 0, failures: 0, pause: false });
    expect(afterDrain('timeout', afterDrain('drained', state))).toMatchObject({ failures: 1, pause: false });
  });

  it('says it is paused, with the last failure kind first in the detail (the screen words both)', () => {
    expect(pausedError({ kind: 'refused', detail: 'QnRtn 3 (PW error)' })).toEqual({
      kind: 'paused',
      detail: 'refused: QnRtn 3 (PW error)',
    });
    expect(pausedError({ kind: 'timeout', detail: '' })).toEqual({ kind: 'paused', detail: 'timeout' });
  });

  it('files the kind in the operation-log line', () => {
    const entry = forwardStatusLogEntry(target(1, 10), { kind: 'unreachable', detail: 'connect ECONNREFUSED' });
    expect(JSON.parse(entry.params!)).toMatchObject({ state: 'failing', errorKind: 'unreachable', upstreamMn: 'UP1' });
    expect(entry.result).toBe('unreachable: connect ECONNREFUSED');
    const back = forwardStatusLogEntry(target(1, 10), null);
    expect(JSON.parse(back.params!)).toMatchObject({ state: 'forwarding', errorKind: null });
    expect(back.result).toBeNull();
  });
});

/** An upstream device of upstream `upstreamId`. */
function target(id: number, upstreamId: number): ForwardTargetRow {
  return {
    id,
    upstreamId,
    deviceId: id,
    deviceCode: `OURS${id}`,
    utcOffsetMinutes: 480,
    upstreamMn: `UP${id}`,
    upstreamPassword: 'pw',
    cns: '["2061","2021"]',
    factors: '[]',
    valueSource: 'audited',
    fromTime: null,
    enabled: 1,
    createTime: 0,
    updateTime: 0,
    upstream: { id: upstreamId, name: `Upstream ${upstreamId}` } as ForwardTargetRow['upstream'],
  };
}

/** A forwarder whose drains end as the test says, counting them per upstream device. */
class FakeForwarder implements ForwarderPort {
  upstreamDevices: ForwardTargetRow[] = [];
  readonly drains: number[] = [];
  readonly outcomes = new Map<number, DrainResult>();
  closes = 0;
  /** Upstreams whose links were closed alone (`closeUpstream`). */
  readonly closedUpstreams: number[] = [];
  /** Drains that wait for the test (an upstream device stuck in its time-outs) until the promise settles. */
  readonly gates = new Map<number, Promise<void>>();
  /** What the next reload reads. */
  settings: ForwardTargetRow[] = [];
  /** What was queued through `enqueue`. */
  readonly queued: ForwardItem[] = [];

  constructor(private readonly onStatus: (t: ForwardTargetRow, error: ForwardError | null) => Promise<void>) {}

  reload(): Promise<void> {
    this.upstreamDevices = this.settings.map((t) => ({ ...t }));
    return Promise.resolve();
  }

  received(): Promise<void> {
    return Promise.resolve();
  }

  enqueue(items: readonly ForwardItem[]): Promise<void> {
    this.queued.push(...items);
    return Promise.resolve();
  }

  async drain(t: ForwardTargetRow): Promise<DrainResult> {
    this.drains.push(t.id);
    const gate = this.gates.get(t.id);
    if (gate) await gate;
    const result = this.outcomes.get(t.id) ?? 'drained';
    // As the forwarder does: a change of state reported (here every failure: the same reason each time).
    if (result !== 'drained') await this.onStatus(t, { kind: 'timeout', detail: 'after 2 sends' });
    return result;
  }

  close(): void {
    this.closes++;
  }

  closeUpstream(upstreamId: number): void {
    this.closedUpstreams.push(upstreamId);
  }
}

/** Lets the fakes' settled promises run their continuations (no timer involved). */
async function turns(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A promise the test settles. */
function gate(): { promise: Promise<void>; release: () => void } {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

function setup(leaderships: Record<number, ManualLeadership> = {}) {
  const clock = new ManualClock(Date.UTC(2026, 2, 1));
  const bus = new InProcessEventBus(() => undefined);
  const configChanges = new ConfigChanges(bus, { error: () => undefined });
  const reports: [number, ForwardError | null][] = [];
  const errors: [number, ForwardError | null][] = [];
  const forwarder = new FakeForwarder((t, e) => service.onStatus(t, e));
  const service: ForwardingService = new ForwardingService({
    forwarder,
    queue: {
      recordError: (id, error) => {
        errors.push([id, error]);
        return Promise.resolve();
      },
    },
    bus,
    configChanges,
    elect: (upstreamId) => Promise.resolve(leaderships[upstreamId] ?? new ManualLeadership(true)),
    clock,
    log: pino({ level: 'silent' }),
    report: (t, error) => {
      reports.push([t.id, error]);
      return Promise.resolve();
    },
    tickMs: 3_600_000,
  });
  const round = async () => {
    service.kick();
    await service.idle();
  };
  return { clock, bus, configChanges, forwarder, service, reports, errors, queued: forwarder.queued, round };
}

describe('ForwardingService', () => {
  it('pauses an upstream device that fails three times while connected: reported once, not sent to again', async () => {
    const { clock, configChanges, forwarder, service, reports, errors, round } = setup();
    forwarder.settings = [target(1, 10), target(2, 10)];
    forwarder.outcomes.set(1, 'timeout');
    await service.start();
    for (let i = 0; i < 3; i++) {
      await round();
      clock.advance(FORWARD_RETRY_MAX_MS);
    }
    const paused = { kind: 'paused', detail: 'timeout: after 2 sends' };
    expect(errors).toEqual([[1, paused]]);
    expect(reports.filter(([, e]) => e?.kind === 'paused')).toEqual([[1, paused]]);
    const drains = forwarder.drains.filter((id) => id === 1).length;
    expect(drains).toBe(3);
    for (let i = 0; i < 5; i++) {
      clock.advance(FORWARD_REFUSED_RETRY_MS);
      await round();
    }
    expect(forwarder.drains.filter((id) => id === 1)).toHaveLength(3);
    // The other device of the upstream goes on.
    expect(forwarder.drains.filter((id) => id === 2).length).toBeGreaterThan(3);

    // Its settings saved: tried again at once.
    forwarder.outcomes.delete(1);
    await configChanges.changed('transferFormat');
    await service.idle();
    expect(forwarder.drains.filter((id) => id === 1)).toHaveLength(4);
    await service.stop();
  });

  it('drains each upstream device on its own: one stuck in its time-outs does not hold up the others', async () => {
    const { forwarder, service } = setup();
    forwarder.settings = [target(1, 10), target(2, 10), target(3, 20)];
    const stuck = gate();
    forwarder.gates.set(1, stuck.promise);
    await service.start();
    service.kick();
    await turns();
    expect(forwarder.drains).toEqual([1, 2, 3]);
    // New data comes for every device while device 1 still waits for its answers: the others drain it at once.
    for (let i = 0; i < 3; i++) {
      service.kick();
      await turns();
    }
    const count = (id: number) => forwarder.drains.filter((d) => d === id).length;
    expect([count(1), count(2), count(3)]).toEqual([1, 4, 4]);
    // Kicked during its drain: drained once more when it ends (not once per kick).
    forwarder.gates.delete(1);
    stuck.release();
    await service.idle();
    expect(count(1)).toBe(2);
    await service.stop();
  });

  it('waits for a running drain when stopped, and starts none after', async () => {
    const { forwarder, service } = setup();
    forwarder.settings = [target(1, 10), target(2, 10)];
    const stuck = gate();
    forwarder.gates.set(1, stuck.promise);
    await service.start();
    service.kick();
    await turns();
    // Kicked again during its drain (device 2, idle, drains at once).
    service.kick();
    let stopped = false;
    const stopping = service.stop().then(() => (stopped = true));
    await turns();
    expect(stopped).toBe(false);
    expect(forwarder.closes).toBe(0);
    stuck.release();
    await stopping;
    expect(forwarder.closes).toBe(1);
    // Device 1's second drain, asked for during the first, is not started by a stopped service.
    await turns();
    expect(forwarder.drains).toEqual([1, 2, 2]);
  });

  it('does not drain a failed upstream device before its wait is over, however often it is kicked', async () => {
    const { clock, forwarder, service, round } = setup();
    forwarder.settings = [target(1, 10)];
    forwarder.outcomes.set(1, 'unreachable');
    await service.start();
    await round();
    await round();
    clock.advance(FORWARD_RETRY_MS - 1);
    await round();
    expect(forwarder.drains).toEqual([1]);
    clock.advance(1);
    await round();
    expect(forwarder.drains).toEqual([1, 1]);
    await service.stop();
  });

  it('keeps retrying an unreachable upstream without pausing it, waiting at most a minute', async () => {
    const { clock, forwarder, service, errors, round } = setup();
    forwarder.settings = [target(1, 10)];
    forwarder.outcomes.set(1, 'unreachable');
    await service.start();
    for (let i = 0; i < 20; i++) {
      await round();
      clock.advance(FORWARD_RETRY_MAX_MS);
    }
    expect(forwarder.drains).toHaveLength(20);
    expect(errors).toEqual([]);
    await service.stop();
  });

  it('drains only the upstreams this process is elected for, and takes one over when elected', async () => {
    const first = new ManualLeadership(true);
    const second = new ManualLeadership(false);
    const { forwarder, service, round } = setup({ 10: first, 20: second });
    forwarder.settings = [target(1, 10), target(2, 20)];
    await service.start();
    await round();
    expect(forwarder.drains).toEqual([1]);
    expect([service.leads(10), service.leads(20)]).toEqual([true, false]);

    second.set(true);
    await service.idle();
    expect(forwarder.drains.slice(1)).toEqual([1, 2]);
    // Losing an upstream closes its links, so that only its new leader holds the upstream's connections; the
    // links to the upstream still led stay.
    first.set(false);
    expect(forwarder.closedUpstreams).toEqual([10]);
    expect(forwarder.closes).toBe(0);
    forwarder.drains.length = 0;
    await round();
    expect(forwarder.drains).toEqual([2]);
    await service.stop();
  });

  it('elects for the upstreams there are, and steps down for one gone from the settings', async () => {
    const first = new ManualLeadership(true);
    const second = new ManualLeadership(true);
    const { configChanges, forwarder, service } = setup({ 10: first, 20: second });
    forwarder.settings = [target(1, 10), target(2, 20)];
    await service.start();
    forwarder.settings = [target(2, 20)];
    await configChanges.changed('transferFormat');
    expect([first.isLeader(), second.isLeader()]).toEqual([false, true]);
    await service.stop();
    expect(second.isLeader()).toBe(false);
  });

  it('queues a state upload once for each upstream device that takes its CN from the device', async () => {
    const { bus, forwarder, service, queued } = setup();
    forwarder.settings = [target(1, 10), { ...target(2, 20), deviceId: 1, cns: '["2061"]' }, target(3, 20)];
    await service.start();
    bus.publish('state.received', { deviceId: 1, deviceCode: 'OURS1', cn: '2021', dataTime: 5000 });
    bus.publish('state.received', { deviceId: 1, deviceCode: 'OURS1', cn: '2041', dataTime: 6000 });
    await service.idle();
    expect(queued).toEqual([{ upstreamDeviceId: 1, cn: '2021', dataTime: 5000 }]);
    await service.stop();
  });
});
