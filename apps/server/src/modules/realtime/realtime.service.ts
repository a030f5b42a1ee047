import {
  REALTIME_RECENT_MAX_VALUES,
  type RealtimeLatest,
  type RealtimeLatestQuery,
  type RealtimeRecent,
  type RealtimeRecentQuery,
} from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { toRealtimeLatest, toRealtimePoint } from './realtime.mapper.js';
import type { RealtimeRepository, RealtimeScope } from './realtime.repository.js';

const MS_PER_MINUTE = 60_000;

/** ifFilter=1 limits a read to the caller's bound devices (SPEC section 6), as the device list does. */
function scopeOf(ifFilter: number | undefined, callerId: number, projectId?: number): RealtimeScope {
  return { projectId, boundTo: ifFilter === 1 ? callerId : undefined };
}

/** The real-time data and chart screens' reads. */
export class RealtimeService {
  constructor(
    private readonly repo: RealtimeRepository,
    private readonly clock: Clock,
  ) {}

  async latest(query: RealtimeLatestQuery, callerId: number): Promise<RealtimeLatest> {
    return toRealtimeLatest(await this.repo.latest(scopeOf(query.ifFilter, callerId, query.projectId)));
  }

  /** The device's recent real-time values, oldest first; the newest ones when the window holds too many. */
  async recent(query: RealtimeRecentQuery, callerId: number): Promise<RealtimeRecent> {
    const { deviceId, factorCodes, minutes, ifFilter } = query;
    if (!(await this.repo.visible(deviceId, scopeOf(ifFilter, callerId)))) throw new DomainError('notFound');
    const from = this.clock.now() - minutes * MS_PER_MINUTE;
    // One more than the cap tells whether anything was left out.
    const rows = await this.repo.recent(deviceId, factorCodes, from, REALTIME_RECENT_MAX_VALUES + 1);
    const truncated = rows.length > REALTIME_RECENT_MAX_VALUES;
    const kept = truncated ? rows.slice(0, REALTIME_RECENT_MAX_VALUES) : rows;
    return { deviceId, from, points: kept.reverse().map(toRealtimePoint), truncated };
  }
}
