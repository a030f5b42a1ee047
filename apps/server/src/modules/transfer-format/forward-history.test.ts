import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { UpstreamDevicesTable } from '../../db/schema.js';
import { ForwardHistory, uncovered } from './forward-history.js';
import type { ForwardItem } from './forward-queue.repository.js';

const NOW = Date.UTC(2026, 2, 10);
const DAY = 86_400_000;

const settings = (over: Partial<Selectable<UpstreamDevicesTable>> = {}): Selectable<UpstreamDevicesTable> => ({
  id: 1,
  upstreamId: 1,
  deviceId: 7,
  upstreamMn: 'UP1',
  upstreamPassword: 'pw',
  cns: '["2061"]',
  factors: '[]',
  valueSource: 'audited',
  fromTime: NOW - 3 * DAY,
  enabled: 1,
  createTime: NOW - DAY,
  updateTime: NOW - DAY,
  ...over,
});

describe('uncovered', () => {
  it('is everything from fromTime on for a new device or a CN newly forwarded', () => {
    const after = settings();
    expect(uncovered('2061', after, undefined, NOW)).toEqual({ from: NOW - 3 * DAY, to: Number.MAX_SAFE_INTEGER });
    expect(uncovered('2061', after, settings({ cns: '["2051"]' }), NOW)?.to).toBe(Number.MAX_SAFE_INTEGER);
    expect(uncovered('2061', after, settings({ enabled: 0 }), NOW)?.to).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('is what an earlier fromTime adds before the old one (or before the settings were made, without one)', () => {
    expect(uncovered('2061', settings(), settings({ fromTime: NOW - 2 * DAY }), NOW)).toEqual({
      from: NOW - 3 * DAY,
      to: NOW - 2 * DAY,
    });
    expect(uncovered('2061', settings(), settings({ fromTime: null }), NOW)).toEqual({
      from: NOW - 3 * DAY,
      to: NOW - DAY,
    });
    expect(uncovered('2061', settings(), settings(), NOW)).toBeNull();
    expect(uncovered('2061', settings({ fromTime: NOW - DAY }), settings(), NOW)).toBeNull();
  });

  it('is nothing without a fromTime, for one in the future, or for a device not forwarded', () => {
    expect(uncovered('2061', settings({ fromTime: null }), undefined, NOW)).toBeNull();
    expect(uncovered('2061', settings({ fromTime: NOW + 1 }), undefined, NOW)).toBeNull();
    expect(uncovered('2061', settings({ enabled: 0 }), undefined, NOW)).toBeNull();
  });
});

describe('ForwardHistory', () => {
  it('queues the newest within the bound, oldest first, across the CNs', async () => {
    const enqueued: ForwardItem[][] = [];
    const history = new ForwardHistory(
      {
        measurementTimes: (_device, _kind, from, _to, limit) =>
          Promise.resolve([5, 4, 3, 2, 1].map((h) => from + h * 1000).slice(0, limit)),
        stateTimes: (_device, _cn, from, _to, limit) => Promise.resolve([from + 3500, from + 500].slice(0, limit)),
      },
      {
        enqueue: (items) => {
          enqueued.push([...items]);
          return Promise.resolve(0);
        },
      },
      4,
    );
    const from = NOW - 3 * DAY;
    const queued = await history.queueSince([settings({ cns: '["2061","2021"]' })], new Map(), NOW);
    expect(queued).toBe(4);
    expect(enqueued.flat().map((i) => [i.upstreamDeviceId, i.cn, i.dataTime - from])).toEqual([
      [1, '2061', 3000],
      [1, '2021', 3500],
      [1, '2061', 4000],
      [1, '2061', 5000],
    ]);
  });
});
