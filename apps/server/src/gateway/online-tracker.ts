import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../events/bus.js';
import type { Clock } from '../lib/clock.js';
import type { DeviceStatusRepository } from '../modules/device/device-status.repository.js';

export interface TrackedStation {
  id: number;
  code: string;
  /** Seconds between the station's reports. */
  intervalTime: number;
}

interface State {
  station: TrackedStation;
  lastPacketAt: number;
  remote: string;
  /** Connections the station has open now. */
  connections: number;
}

/**
 * Station online state (HJ 212 has no heartbeat before 2025, HJ212.md §11): online from its
 * first valid packet; offline when its last connection closes, or when nothing has arrived for
 * `offlineAfterIntervals` report intervals. Both changes are stored and published.
 */
export class OnlineTracker {
  private readonly online = new Map<number, State>();
  private sweeper: NodeJS.Timeout | undefined;
  /** State writes in order, so an offline never lands before the online it follows. */
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly statuses: DeviceStatusRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly offlineAfterIntervals: number,
  ) {}

  async start(sweepMs = 1000): Promise<void> {
    await this.statuses.markAllOffline(this.clock.now());
    this.sweeper = setInterval(() => this.sweep(), sweepMs);
    this.sweeper.unref();
  }

  /** Stops sweeping and waits for the state writes under way. */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.writes;
  }

  isOnline(deviceId: number): boolean {
    return this.online.has(deviceId);
  }

  /** A valid packet from the station over a connection; `firstOnConnection` counts the connection. */
  seen(station: TrackedStation, remote: string, firstOnConnection: boolean): void {
    const now = this.clock.now();
    const state = this.online.get(station.id);
    if (state) {
      state.lastPacketAt = now;
      state.remote = remote;
      state.station = station;
      if (firstOnConnection) state.connections += 1;
      return;
    }
    this.online.set(station.id, { station, lastPacketAt: now, remote, connections: 1 });
    this.save(station.id, true, now, now, remote);
    this.bus.publish('device.online', { deviceId: station.id, deviceCode: station.code, at: now, remote });
  }

  /** A connection that had carried the station's packets closed. */
  closed(stationId: number): void {
    const state = this.online.get(stationId);
    if (!state) return;
    state.connections -= 1;
    if (state.connections <= 0) this.goOffline(state, 'closed');
  }

  /** Ends the silent ones. Public for tests that drive a manual clock. */
  sweep(): void {
    const now = this.clock.now();
    for (const state of this.online.values()) {
      const limit = state.station.intervalTime * 1000 * this.offlineAfterIntervals;
      if (now - state.lastPacketAt > limit) this.goOffline(state, 'silent');
    }
  }

  private goOffline(state: State, reason: 'silent' | 'closed'): void {
    const now = this.clock.now();
    this.online.delete(state.station.id);
    this.save(state.station.id, false, now, state.lastPacketAt, state.remote);
    this.bus.publish('device.offline', { deviceId: state.station.id, deviceCode: state.station.code, at: now, reason });
  }

  private save(deviceId: number, online: boolean, changedAt: number, lastPacketAt: number, remote: string): void {
    this.writes = this.writes
      .then(() => this.statuses.save({ deviceId, online: online ? 1 : 0, changedAt, lastPacketAt, remote }))
      .catch((err: unknown) => this.log.error({ err, deviceId }, 'could not store the station online state'));
  }
}
