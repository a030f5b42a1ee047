import {
  MINUTE_MS,
  REALTIME_RECENT_MAX_VALUES,
  REALTIME_TREND,
  WATER_DEVICE_TYPE,
  type RealtimeLatest,
  type RealtimeOverflow,
  type RealtimeStationsQuery,
  type RealtimeWater,
  type RealtimeLatestQuery,
  type RealtimeRecent,
  type RealtimeRecentQuery,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import {
  toRealtimeLatest,
  toRealtimeOverflow,
  toRealtimePoint,
  toRealtimeWater,
  type TrendWindow,
} from './realtime.mapper.js';
import { type ScopeReader, scopeOf } from '../device/device-scope.js';
import type { RealtimeRepository, RealtimeScope } from './realtime.repository.js';

/** The real-time screens' reads: data, chart, water and overflow. */
export class RealtimeService {
  constructor(
    private readonly repo: RealtimeRepository,
    private readonly clock: Clock,
  ) {}

  async latest(query: RealtimeLatestQuery, reader: ScopeReader): Promise<RealtimeLatest> {
    return toRealtimeLatest(await this.repo.latest(scopeOf(query, reader)));
  }

  /** The device's recent real-time values, oldest first; the newest ones when the window holds too many. */
  async recent(query: RealtimeRecentQuery, reader: ScopeReader): Promise<RealtimeRecent> {
    const { deviceId, factorCodes, minutes } = query;
    if (!(await this.repo.visible(deviceId, scopeOf(query, reader)))) throw new DomainError('notFound');
    const from = this.clock.now() - minutes * MINUTE_MS;
    // One more than the cap tells whether anything was left out.
    const rows = await this.repo.recent(deviceId, factorCodes, from, REALTIME_RECENT_MAX_VALUES + 1);
    const truncated = rows.length > REALTIME_RECENT_MAX_VALUES;
    const kept = truncated ? rows.slice(0, REALTIME_RECENT_MAX_VALUES) : rows;
    return { deviceId, from, points: kept.reverse().map(toRealtimePoint), truncated };
  }

  /** The project's water stations (ST 21): latest values with their surface-water class, and the day's trend. */
  async water(query: RealtimeStationsQuery, reader: ScopeReader): Promise<RealtimeWater> {
    const scope: RealtimeScope = { ...scopeOf(query, reader), deviceType: WATER_DEVICE_TYPE };
    const window = this.trendWindow();
    const [latest, limits, trend] = await Promise.all([
      this.repo.latest(scope),
      this.repo.waterLimits(),
      this.repo.trend(scope, window.from, window.bucketMs),
    ]);
    return toRealtimeWater(toRealtimeLatest(latest), limits, trend, window);
  }

  /** The project's overflow stations: level, state per overflow type, overflow alarms and the level's trend. */
  async overflow(query: RealtimeStationsQuery, reader: ScopeReader): Promise<RealtimeOverflow> {
    const scope: RealtimeScope = { ...scopeOf(query, reader), overflowOnly: true };
    const window = this.trendWindow();
    const [latest, thresholds, alarms, trend] = await Promise.all([
      this.repo.latest(scope),
      this.repo.overflowThresholds(scope),
      this.repo.overflowAlarms(scope),
      this.repo.trend(scope, window.from, window.bucketMs),
    ]);
    return toRealtimeOverflow(toRealtimeLatest(latest), thresholds, alarms, trend, window);
  }

  /** The last day, starting on a bucket boundary so every client and every reload buckets alike. */
  private trendWindow(): TrendWindow {
    const { windowMs, bucketMs } = REALTIME_TREND;
    return { from: Math.floor((this.clock.now() - windowMs) / bucketMs) * bucketMs, bucketMs };
  }
}
