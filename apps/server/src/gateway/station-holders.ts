import type { Session } from './session.js';

/**
 * Which connection holds each station (the latest one the station proved itself on), telling a
 * listener when a station comes to be held here and when it is no longer: in a cluster that is when
 * this process starts and stops answering commands for it (nats-commands.ts).
 */
export class StationHolders {
  private readonly byStation = new Map<string, Session>();

  constructor(private readonly onHeld?: (deviceCode: string, held: boolean) => void) {}

  get(deviceCode: string): Session | undefined {
    return this.byStation.get(deviceCode);
  }

  has(deviceCode: string): boolean {
    return this.byStation.has(deviceCode);
  }

  /** The station spoke on this connection: it holds the station now (a reconnection replaces the old one). */
  bind(deviceCode: string, session: Session): void {
    const held = this.byStation.has(deviceCode);
    this.byStation.set(deviceCode, session);
    if (!held) this.onHeld?.(deviceCode, true);
  }

  /** The connection closed: the station is no longer held, unless a newer connection holds it already. */
  release(deviceCode: string, session: Session): void {
    if (this.byStation.get(deviceCode) !== session) return;
    this.byStation.delete(deviceCode);
    this.onHeld?.(deviceCode, false);
  }
}
