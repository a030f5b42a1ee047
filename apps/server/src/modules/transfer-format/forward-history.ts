import { type ForwardCn, TRANSFER_FORMAT_LIMITS } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { MeasurementKind, UpstreamDevicesTable } from '../../db/schema.js';
import type { ForwardHistoryRepository } from './forward-history.repository.js';
import type { ForwardItem, ForwardQueueRepository } from './forward-queue.repository.js';
import { isStateCn } from './forward-state.js';
import { parseCns } from './transfer-format.mapper.js';

type Settings = Selectable<UpstreamDevicesTable>;

const KIND_OF_CN: Partial<Record<ForwardCn, MeasurementKind>> = {
  '2011': 'rtd',
  '2051': 'min',
  '2061': 'hour',
  '2031': 'day',
};

/** Items written per statement (SQLite takes at most 32,766 parameters). */
const CHUNK = 1000;

/**
 * The part of a CN's history the settings did not cover before and cover now, [from, to): a device forwarded from
 * a time in the past (new, or a CN newly forwarded) gets its stored uploads from then on; one whose `fromTime` moved
 * earlier gets those between the new and the old start (what came after was queued as it arrived). Null: nothing.
 */
export function uncovered(
  cn: ForwardCn,
  after: Pick<Settings, 'enabled' | 'cns' | 'fromTime'>,
  before: Pick<Settings, 'enabled' | 'cns' | 'fromTime' | 'createTime'> | undefined,
  now: number,
): { from: number; to: number } | null {
  if (after.enabled !== 1 || after.fromTime === null) return null;
  const from = Number(after.fromTime);
  if (from >= now) return null;
  const coveredBefore = before !== undefined && before.enabled === 1 && parseCns(before.cns).includes(cn);
  // Forwarded before from its own fromTime, or (none) from when it was set up.
  const to = coveredBefore ? Number(before.fromTime ?? before.createTime) : Number.MAX_SAFE_INTEGER;
  return from < to ? { from, to } : null;
}

/**
 * Queues the stored history a settings change brings into scope (issue 20: a device's `fromTime` in the past):
 * per CN its stored uploads (measurement data times per kind; state uploads by their original packets), the newest
 * up to the queue's bound, queued oldest first so the upstream gets them in order; one already waiting is not
 * queued twice (the queue's key).
 */
export class ForwardHistory {
  constructor(
    private readonly history: Pick<ForwardHistoryRepository, 'measurementTimes' | 'stateTimes'>,
    private readonly queue: Pick<ForwardQueueRepository, 'enqueue'>,
    private readonly bound: number = TRANSFER_FORMAT_LIMITS.queuePerDevice,
  ) {}

  /** After `updates`: the devices as saved now, and as they were before (by device id). Answers how many queued. */
  async queueSince(after: readonly Settings[], before: ReadonlyMap<number, Settings>, now: number): Promise<number> {
    let queued = 0;
    for (const settings of after) {
      const items: ForwardItem[] = [];
      for (const cn of parseCns(settings.cns)) {
        const range = uncovered(cn, settings, before.get(settings.deviceId), now);
        if (range === null) continue;
        const kind = KIND_OF_CN[cn];
        const times =
          kind !== undefined
            ? await this.history.measurementTimes(settings.deviceId, kind, range.from, range.to, this.bound)
            : isStateCn(cn)
              ? await this.history.stateTimes(settings.deviceId, cn, range.from, range.to, this.bound)
              : [];
        for (const dataTime of times) items.push({ upstreamDeviceId: settings.id, cn, dataTime });
      }
      // The newest within the bound, sent oldest first.
      const kept = items
        .sort((a, b) => b.dataTime - a.dataTime || a.cn.localeCompare(b.cn))
        .slice(0, this.bound)
        .reverse();
      for (let i = 0; i < kept.length; i += CHUNK) await this.queue.enqueue(kept.slice(i, i + CHUNK), now);
      queued += kept.length;
    }
    return queued;
  }
}
