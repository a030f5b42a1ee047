import { DAY_MS, HOUR_MS } from '@envmon/shared';
import { periodStartMs } from './packets.js';

export type ScheduleKey = 'rtd' | 'minute' | 'hour' | 'day';

/** The station whose clock the schedules follow, and what it does at a boundary. */
export interface ScheduledStation {
  now(): number;
  /** Started and not stopped: the schedules run. */
  running(): boolean;
  rtdIntervalMs(): number;
  minuteIntervalMs(): number;
  onBoundary(key: ScheduleKey, boundary: number): void;
}

/** A station's upload timers: real-time and minute intervals, hours and Beijing days of its own clock. */
export class UploadSchedules {
  private readonly timers = new Map<ScheduleKey, NodeJS.Timeout>();

  constructor(private readonly station: ScheduledStation) {}

  armAll(): void {
    for (const key of ['rtd', 'minute', 'hour', 'day'] as const) this.arm(key);
  }

  /**
   * Fires at the next boundary of the station clock. The boundary (not the clock at firing, which may read a little
   * early) names the period, so no period is sent twice or skipped.
   */
  arm(key: ScheduleKey, after?: number): void {
    clearTimeout(this.timers.get(key));
    if (!this.station.running()) return;
    const now = this.station.now();
    const boundary = this.boundaryAfter(key, Math.max(now, after ?? now));
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.station.onBoundary(key, boundary);
      this.arm(key, boundary);
    }, boundary - now);
    this.timers.set(key, timer);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private periodOf(key: ScheduleKey): number {
    switch (key) {
      case 'rtd':
        return this.station.rtdIntervalMs();
      case 'minute':
        return this.station.minuteIntervalMs();
      case 'hour':
        return HOUR_MS;
      case 'day':
        return DAY_MS;
    }
  }

  /** The first boundary strictly after `ms`: interval multiples; hours; Beijing midnights. */
  private boundaryAfter(key: ScheduleKey, ms: number): number {
    const length = this.periodOf(key);
    const start =
      key === 'day' ? periodStartMs('2031', ms, this.station.minuteIntervalMs()) : Math.floor(ms / length) * length;
    return start + length;
  }
}
