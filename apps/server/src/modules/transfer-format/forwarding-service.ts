import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership.js';
import type { DomainEvents, EventBus } from '../../events/bus.js';
import type { ConfigChanges } from '../../events/config-changes.js';
import type { Clock } from '../../lib/clock.js';
import { FAILURE_STATUS, FORWARD_PAUSE_AFTER, SUCCESS_STATUS } from '@envmon/shared';
import type { OperationLogEntry } from '../log/log.service.js';
import type { ForwardError, ForwardQueueRepository, ForwardTargetRow } from './forward-queue.repository.js';
import { stateItems } from './forward-state.js';
import type { DrainResult, Forwarder } from './forwarder.js';

/** How often the backlogs are looked at when no new data wakes the forwarder (a down upstream is retried then). */
export const FORWARD_TICK_MS = 1000;

/** The first wait before an upstream device is tried again after a failed drain; it doubles up to the bound. */
export const FORWARD_RETRY_MS = 1000;
export const FORWARD_RETRY_MAX_MS = 60_000;
/** An upstream that refused (wrong password or MN there) waits long: resending cannot help until someone acts. */
export const FORWARD_REFUSED_RETRY_MS = 10 * 60_000;

/** Where a forwarding state change is filed in the operation log (no request made it: the service did). */
export const FORWARD_STATUS_LOG_URL = '/manager/settings/transferformat/status';
export const FORWARD_STATUS_LOG_METHOD = 'FORWARD';

/**
 * The operation-log line of an upstream device's new state: forwarding again (null), or why not — its kind in the
 * params (`errorKind`, for a reader to word), kind and detail as the result.
 */
export function forwardStatusLogEntry(target: ForwardTargetRow, error: ForwardError | null): OperationLogEntry {
  return {
    userId: null,
    userName: null,
    method: FORWARD_STATUS_LOG_METHOD,
    url: FORWARD_STATUS_LOG_URL,
    params: JSON.stringify({
      upstreamId: target.upstreamId,
      upstream: target.upstream.name,
      deviceId: target.deviceId,
      mn: target.deviceCode,
      upstreamMn: target.upstreamMn,
      state: error === null ? 'forwarding' : 'failing',
      errorKind: error?.kind ?? null,
    }),
    status: error === null ? SUCCESS_STATUS : FAILURE_STATUS,
    result: error === null ? null : errorText(error),
    ip: null,
    durationMs: 0,
  };
}

/** How long an upstream device waits after a drain ended so (0: it is done, nothing to wait for). */
export function retryDelay(result: DrainResult, previousMs: number): number {
  switch (result) {
    case 'drained':
      return 0;
    case 'refused':
      return FORWARD_REFUSED_RETRY_MS;
    case 'unreachable':
    case 'timeout':
    case 'closed':
      return Math.min(previousMs === 0 ? FORWARD_RETRY_MS : previousMs * 2, FORWARD_RETRY_MAX_MS);
  }
}

/**
 * Failed drains in a row, while connected, after which an upstream device is paused (FORWARD_PAUSE_AFTER, shared
 * with the screen that says so): an upstream that takes the connection but refuses our packets or never answers
 * them (a wrong password or MN there; an envmon upstream drops such a packet silently) will not take them on the
 * next try either, until someone changes the settings.
 */
export { FORWARD_PAUSE_AFTER };

/** What the service keeps of an upstream device that failed: its wait and its failures while connected. */
export interface RetryState {
  delayMs: number;
  /** Drains in a row that reached the upstream and failed there (time-out, refusal). */
  failures: number;
}

export const NO_RETRY: RetryState = { delayMs: 0, failures: 0 };

/**
 * The state after a drain, and whether the upstream device is now paused. Only failures while connected count:
 * an upstream down or gone (unreachable, connection lost) is retried with its back-off for as long as it takes
 * (an outage must drain by itself afterwards), without adding to the count or clearing it.
 */
export function afterDrain(result: DrainResult, previous: RetryState): RetryState & { pause: boolean } {
  const delayMs = retryDelay(result, previous.delayMs);
  switch (result) {
    case 'drained':
      return { delayMs, failures: 0, pause: false };
    case 'refused':
    case 'timeout': {
      const failures = previous.failures + 1;
      return { delayMs, failures, pause: failures >= FORWARD_PAUSE_AFTER };
    }
    case 'unreachable':
    case 'closed':
      return { delayMs, failures: previous.failures, pause: false };
  }
}

/** An error as one line: its kind, then its detail. */
export function errorText(error: ForwardError): string {
  return error.detail === '' ? error.kind : `${error.kind}: ${error.detail}`;
}

/**
 * The status of a paused upstream device (the screen says it is paused after FORWARD_PAUSE_AFTER failures and that
 * saving its settings resumes it); the detail is the last failure, kind first ("timeout: after 2 sends"), so the
 * screen can word that too.
 */
export function pausedError(reason: ForwardError): ForwardError {
  return { kind: 'paused', detail: errorText(reason) };
}

/** Elects the process that drains one upstream's devices (one advisory lock per upstream; one process: always it). */
export type ElectUpstream = (upstreamId: number) => Promise<Leadership>;

/** What the service uses of the forwarder (a fake in the unit test). */
export type ForwarderPort = Pick<
  Forwarder,
  'reload' | 'upstreamDevices' | 'received' | 'enqueue' | 'drain' | 'close' | 'closeUpstream'
>;

/** What the service writes besides the forwarder: the status of a paused device. */
export type ForwardQueuePort = Pick<ForwardQueueRepository, 'recordError'>;

export interface ForwardingServiceDeps {
  forwarder: ForwarderPort;
  queue: ForwardQueuePort;
  bus: EventBus;
  configChanges: ConfigChanges;
  elect: ElectUpstream;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Writes an upstream device's new state to the operation log (forwardStatusLogEntry). */
  report: (target: ForwardTargetRow, error: ForwardError | null) => Promise<void>;
  tickMs?: number;
}

/**
 * The `forward` service part (issue 20): every stored upload is queued once in the cluster (bus group
 * 'forward'), and each upstream's backlogs are drained by the process elected for that upstream (so different
 * upstreams may be served by different processes), every upstream device on its own (a slow upstream does not hold
 * up the others); one that failed waits before it is tried again (`retryDelay`), and one that keeps failing while
 * connected is paused (`afterDrain`) until its settings are saved (a settings change ends every wait and pause).
 * With no upstream configured it holds no connection and reads nothing after its start.
 */
export class ForwardingService {
  private timer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: (() => void)[] = [];
  /** The drain under way per upstream device: each device drains on its own (a stuck one holds up no other). */
  private readonly draining = new Map<number, Promise<void>>();
  /** Upstream devices kicked during their drain: looked at again when it ends (new data may have come meanwhile). */
  private readonly again = new Set<number>();
  /** Failed upstream devices: when they may be tried again, the wait that led there and the failures in a row. */
  private readonly retries = new Map<number, RetryState & { at: number }>();
  /** Paused upstream devices (not sent to until their settings are saved), with why. */
  private readonly paused = new Map<number, ForwardError>();
  /** The state each upstream device last reported (null: forwarding): the reason a pause gives. */
  private readonly states = new Map<number, ForwardError | null>();
  /** This process's election per upstream id. */
  private readonly leaderships = new Map<number, { leadership: Leadership; off: () => void }>();
  /** Reloads run one after the other (each elects for the upstreams it read). */
  private reloading: Promise<void> = Promise.resolve();
  private readonly forwarder: ForwarderPort;
  /** Stopped (the app closing): a late settings change or kick starts nothing. */
  private stopped = false;

  constructor(private readonly deps: ForwardingServiceDeps) {
    this.forwarder = deps.forwarder;
  }

  async start(): Promise<void> {
    await this.reload();
    this.deps.configChanges.on('transferFormat', async () => {
      await this.reload();
      this.kick();
    });
    const group = { group: 'forward' };
    this.unsubscribe.push(
      this.deps.bus.subscribe('data.received', (event) => void this.queueData(event), group),
      this.deps.bus.subscribe('state.received', (event) => void this.queueState(event), group),
    );
    this.timer = setInterval(() => this.kick(), this.deps.tickMs ?? FORWARD_TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const off of this.unsubscribe.splice(0)) off();
    await this.reloading;
    await this.idle();
    this.forwarder.close();
    for (const [id, held] of this.leaderships) {
      held.off();
      this.leaderships.delete(id);
      await held.leadership.close();
    }
  }

  /** An upstream device's state as the forwarder reports it (once per change): kept, and written to the log. */
  readonly onStatus = async (target: ForwardTargetRow, error: ForwardError | null): Promise<void> => {
    this.states.set(target.id, error);
    await this.deps.report(target, error);
  };

  /** Whether this process drains the upstream's devices now. */
  leads(upstreamId: number): boolean {
    return this.leaderships.get(upstreamId)?.leadership.isLeader() ?? false;
  }

  /** Re-reads the settings, ends every wait and pause, and elects for the upstreams there are now. */
  private reload(): Promise<void> {
    const next = this.reloading.then(async () => {
      if (this.stopped) return;
      await this.forwarder.reload();
      this.retries.clear();
      this.paused.clear();
      await this.electAll();
    });
    this.reloading = next.catch((err: unknown) => this.deps.log.error({ err }, 'forwarding settings not reloaded'));
    return next;
  }

  private async electAll(): Promise<void> {
    const wanted = new Set(this.forwarder.upstreamDevices.map((t) => t.upstreamId));
    for (const [id, held] of this.leaderships) {
      if (wanted.has(id)) continue;
      held.off();
      this.leaderships.delete(id);
      await held.leadership.close();
    }
    for (const id of wanted) {
      if (this.leaderships.has(id)) continue;
      const leadership = await this.deps.elect(id);
      // Elected: drain at once. Lost: this upstream's links go (only its new leader holds its connections); the
      // other upstreams this process leads keep theirs.
      const off = leadership.onChange((leader) => (leader ? this.kick() : this.forwarder.closeUpstream(id)));
      this.leaderships.set(id, { leadership, off });
    }
  }

  private async queueData(event: DomainEvents['data.received']): Promise<void> {
    if (this.forwarder.upstreamDevices.length === 0) return;
    try {
      await this.forwarder.received(event);
      this.kick();
    } catch (err) {
      this.deps.log.error({ err, deviceId: event.deviceId }, 'an upload could not be queued for forwarding');
    }
  }

  private async queueState(event: DomainEvents['state.received']): Promise<void> {
    const items = stateItems(this.forwarder.upstreamDevices, event);
    if (items.length === 0) return;
    try {
      // With the data uploads of the same turn, in the order ingest announced them (forwarder.enqueue).
      await this.forwarder.enqueue(items);
      this.kick();
    } catch (err) {
      this.deps.log.error({ err, deviceId: event.deviceId }, 'a state upload could not be queued for forwarding');
    }
  }

  /**
   * Starts the drain of every upstream device this process leads that is idle and due (not paused, its wait after
   * a failure over); one in a drain is marked to be looked at again when that drain ends.
   */
  kick(): void {
    if (this.stopped) return;
    for (const target of this.forwarder.upstreamDevices) this.kickOne(target);
  }

  private kickOne(target: ForwardTargetRow): void {
    if (this.stopped || !this.leads(target.upstreamId) || this.paused.has(target.id)) return;
    if (this.draining.has(target.id)) {
      this.again.add(target.id);
      return;
    }
    if ((this.retries.get(target.id)?.at ?? 0) > this.deps.clock.now()) return;
    const run = this.drainOne(target)
      .catch((err: unknown) => this.deps.log.error({ err, upstreamDeviceId: target.id }, 'forwarding failed'))
      .finally(() => {
        this.draining.delete(target.id);
        if (!this.again.delete(target.id)) return;
        // The settings as they are now (a reload may have replaced or removed the device meanwhile).
        const current = this.forwarder.upstreamDevices.find((t) => t.id === target.id);
        if (current) this.kickOne(current);
      });
    this.draining.set(target.id, run);
  }

  /** Settles once no drain is under way (a test's barrier; `stop` waits so). */
  async idle(): Promise<void> {
    while (this.draining.size > 0) await Promise.all(this.draining.values());
  }

  private async drainOne(target: ForwardTargetRow): Promise<void> {
    let result: DrainResult;
    try {
      result = await this.forwarder.drain(target);
    } catch (err) {
      this.deps.log.error({ err, upstreamDeviceId: target.id }, 'forwarding failed');
      result = 'closed';
    }
    // Settings saved meanwhile (a reload ended the waits): this drain's outcome says nothing of the new settings.
    if (!this.forwarder.upstreamDevices.includes(target)) return;
    const next = afterDrain(result, this.retries.get(target.id) ?? NO_RETRY);
    if (next.delayMs === 0 && next.failures === 0) this.retries.delete(target.id);
    else this.retries.set(target.id, { ...next, at: this.deps.clock.now() + next.delayMs });
    if (!next.pause || result === 'drained') return;
    const error = pausedError(this.states.get(target.id) ?? { kind: result, detail: '' });
    this.paused.set(target.id, error);
    this.retries.delete(target.id);
    try {
      await this.deps.queue.recordError(target.id, error, this.deps.clock.now());
      await this.deps.report(target, error);
    } catch (err) {
      this.deps.log.error({ err, upstreamDeviceId: target.id }, 'a paused upstream device could not be reported');
    }
    this.deps.log.warn({ upstreamDeviceId: target.id, reason: error.detail }, 'forwarding paused');
  }
}
