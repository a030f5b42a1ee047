import type { Clock } from '../lib/clock.js';
import type { DeviceRepository, StationIdentity } from '../modules/device/device.repository.js';

interface Entry {
  station: StationIdentity | null;
  at: number;
}

/**
 * Stations by MN, cached: every packet needs its station. Device edits take effect at once through `forget`
 * (the 'stations' settings change, which reaches every process); the database is asked again besides only when
 * the entry is older than `ttlMs`, a backstop for a change notice lost between processes. Minutes, not seconds:
 * a network's stations mostly send once a minute, and a shorter life would cost a query per packet.
 */
export class StationDirectory {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly devices: DeviceRepository,
    private readonly clock: Clock,
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 100_000,
  ) {}

  async find(mn: string): Promise<StationIdentity | null> {
    const now = this.clock.now();
    const hit = this.cache.get(mn);
    if (hit && now - hit.at < this.ttlMs) return hit.station;
    const station = (await this.devices.findStation(mn)) ?? null;
    // Unknown MNs are cached too, so a stray sender costs one query per ttl; the cap bounds them.
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    this.cache.set(mn, { station, at: now });
    return station;
  }

  forget(mn?: string): void {
    if (mn === undefined) this.cache.clear();
    else this.cache.delete(mn);
  }
}
