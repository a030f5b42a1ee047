import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents, EventBus } from '../events/bus.js';
import type { DeviceStatusTable } from '../db/schema.js';
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

/** An offline change waiting for its write, published once stored. */
type OfflineEvent = DomainEvents['device.offline'];

/**
 * Station online state (HJ 212 has no heartbeat before 2025, HJ212.md §11): online from its
 * first valid packet; offline when its last connection closes, or when nothing has arrived for
 * `offlineAfterIntervals` report intervals. Both changes are stored and published.
 *
 * In a cluster the state belongs to the node whose gateway saw the station last (`nodeId` on the
 * row): a station that moved to another gateway is not marked offline by the one it left, and a
 * gateway that starts marks offline only its own predecessor's stations.
 */
export class OnlineTracker {
  private readonly online = new Map<number, State>();
  private sweeper: NodeJS.Timeout | undefined;
  /**
   * State changes not yet stored, the newest per station. One write at a time takes all of them,
   * so a thousand stations connecting at once cost a few statements, and an offline never lands
   * before the online it follows.
   */
  private readonly unsaved = new Map<number, { status: DeviceStatusTable; offline: OfflineEvent | null }>();
  private writes: Promise<void> | null = null;

  constructor(
    private readonly statuses: DeviceStatusRepository,
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly offlineAfterIntervals: number,
    private readonly nodeId: string,
  ) {}

  async start(sweepMs = 1000): Promise<void> {
    await this.statuses.markAllOffline(this.clock.now(), this.nodeId);
    this.sweeper = setInterval(() => this.sweep(), sweepMs);
    this.sweeper.unref();
  }

  /** Stops sweeping and waits for the state writes under way. */
  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    while (this.writes) await this.writes;
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
    this.save(
      { deviceId: station.id, online: 1, changedAt: now, lastPacketAt: now, remote, nodeId: this.nodeId },
      null,
    );
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
    const { id: deviceId, code: deviceCode } = state.station;
    const status = { deviceId, online: 0, changedAt: now, lastPacketAt: state.lastPacketAt, remote: state.remote };
    this.save({ ...status, nodeId: this.nodeId }, { deviceId, deviceCode, at: now, reason });
  }

  /** Queues the state for the next write; an offline is published once stored as this node's. */
  private save(status: DeviceStatusTable, offline: OfflineEvent | null): void {
    this.unsaved.set(status.deviceId, { status, offline });
    this.writes ??= this.writeUnsaved();
  }

  private async writeUnsaved(): Promise<void> {
    // Changes made while a write runs wait for the next round.
    await Promise.resolve();
    while (this.unsaved.size > 0) {
      const changes = [...this.unsaved.values()];
      this.unsaved.clear();
      try {
        await this.statuses.saveAll(changes.filter((c) => c.offline === null).map((c) => c.status));
        const offline = changes.filter((c) => c.offline !== null);
        const mine = await this.statuses.markOffline(
          offline.map((c) => c.status),
          this.nodeId,
        );
        for (const { offline: event } of offline)
          if (event && mine.has(event.deviceId)) this.bus.publish('device.offline', event);
      } catch (err) {
        const devices = changes.map((c) => c.status.deviceId);
        this.log.error({ err, devices }, 'could not store the station online state');
      }
    }
    this.writes = null;
  }
}
