import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership.js';
import type { DomainEvents, EventBus } from '../../events/bus.js';
import type { ConfigChanges } from '../../events/config-changes.js';
import type { Forwarder } from './forwarder.js';

/** How often the backlogs are looked at when no new data wakes the forwarder (a down upstream is retried then). */
export const FORWARD_TICK_MS = 1000;

/**
 * The `forward` service part (issue 20): every stored upload is queued once in the cluster (bus group
 * 'forward'), and the cluster's leader drains the backlogs, one upstream device after another. With no upstream
 * configured it holds no connection and reads nothing after its start.
 */
export class ForwardingService {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private draining: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly forwarder: Forwarder,
    private readonly bus: EventBus,
    private readonly configChanges: ConfigChanges,
    private readonly leadership: Leadership,
    private readonly log: FastifyBaseLogger,
    private readonly tickMs = FORWARD_TICK_MS,
  ) {}

  async start(): Promise<void> {
    await this.forwarder.reload();
    this.configChanges.on('transferFormat', async () => {
      await this.forwarder.reload();
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
    for (const target of this.forwarder.upstreamDevices) {
      try {
        await this.forwarder.drain(target);
      } catch (err) {
        this.log.error({ err, upstreamDeviceId: target.id }, 'forwarding failed');
      }
    }
  }
}
