import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership.js';
import type { DomainEvents, EventBus } from '../../events/bus.js';
import type { ConfigChanges } from '../../events/config-changes.js';
import type { Clock } from '../../lib/clock.js';
import { FAILURE_STATUS, SUCCESS_STATUS } from '@envmon/shared';
import type { OperationLogEntry } from '../log/log.service.js';
import type { ForwardTargetRow } from './forward-queue.repository.js';
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

/** The operation-log line of an upstream device's new state: forwarding again (null), or why not. */
export function forwardStatusLogEntry(target: ForwardTargetRow, error: string | null): OperationLogEntry {
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
    }),
    status: error === null ? SUCCESS_STATUS : FAILURE_STATUS,
    result: error,
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
 * The `forward` service part (issue 20): every stored upload is queued once in the cluster (bus group
 * 'forward'), and the cluster's leader drains the backlogs, every upstream device on its own (a slow upstream does
 * not hold up the others); one that failed waits before it is tried again (`retryDelay`; a settings change ends
 * every wait). With no upstream configured it holds no connection and reads nothing after its start.
 */
export class ForwardingService {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private draining: Promise<void> | null = null;
  private again = false;
  /** Failed upstream devices: when they may be tried again, and the wait that led there. */
  private readonly retries = new Map<number, { at: number; delayMs: number }>();

  constructor(
    private readonly forwarder: Forwarder,
    private readonly bus: EventBus,
    private readonly configChanges: ConfigChanges,
    private readonly leadership: Leadership,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly tickMs = FORWARD_TICK_MS,
  ) {}

  async start(): Promise<void> {
    await this.forwarder.reload();
    this.configChanges.on('transferFormat', async () => {
      await this.forwarder.reload();
      this.retries.clear();
      this.kick();
    });
    this.unsubscribe = this.bus.subscribe('data.received', (event) => void this.queue(event), { group: 'forward' });
    this.timer = setInterval(() => this.kick(), this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.draining;
    this.forwarder.close();
  }

  private async queue(event: DomainEvents['data.received']): Promise<void> {
    if (this.forwarder.upstreamDevices.length === 0) return;
    try {
      await this.forwarder.received(event);
      this.kick();
    } catch (err) {
      this.log.error({ err, deviceId: event.deviceId }, 'an upload could not be queued for forwarding');
    }
  }

  /** Drains every backlog (the leader only); a kick while draining runs one more round after it. */
  private kick(): void {
    if (!this.leadership.isLeader() || this.forwarder.upstreamDevices.length === 0) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drainAll().finally(() => {
      this.draining = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async drainAll(): Promise<void> {
    const now = this.clock.now();
    const due = this.forwarder.upstreamDevices.filter((t) => (this.retries.get(t.id)?.at ?? 0) <= now);
    await Promise.all(
      due.map(async (target) => {
        let result: DrainResult;
        try {
          result = await this.forwarder.drain(target);
        } catch (err) {
          this.log.error({ err, upstreamDeviceId: target.id }, 'forwarding failed');
          result = 'closed';
        }
        const delayMs = retryDelay(result, this.retries.get(target.id)?.delayMs ?? 0);
        if (delayMs === 0) this.retries.delete(target.id);
        else this.retries.set(target.id, { at: this.clock.now() + delayMs, delayMs });
      }),
    );
  }
}
