import { DAY_MS } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import type { MonthPartition, PartitionedTable, PrunedPartition } from '../../../db/partitions.js';
import type { MeasurementKind } from '../../../db/schema.js';
import { ManualClock } from '../../../lib/clock.js';
import { JobRunLog } from '../job-run-log.js';
import { formatBytes, retentionAction, retentionCutoffs, retentionSummary } from './retention.js';
import type { PartitionRows, RetentionStore } from './retention.repository.js';

const AT = Date.UTC(2025, 6, 15, 12);

describe('retention words and cut-offs', () => {
  it('counts bytes as pg_size_pretty does', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1,023 bytes');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(45.2 * 1024 * 1024)).toBe('45.2 MB');
    expect(formatBytes(3 * 1024 ** 5)).toBe('3072.0 TB');
    expect(formatBytes(-5)).toBe('0 bytes');
  });

  it('places the cut-offs whole days before the run', () => {
    expect(retentionCutoffs(AT, { originalDays: 120, minuteDays: 100 })).toEqual({
      original: AT - 120 * DAY_MS,
      minute: AT - 100 * DAY_MS,
    });
  });

  it('says what was removed, in the job time zone, and whether the run was stopped', () => {
    const cutoffs = { original: Date.UTC(2025, 2, 1), minute: Date.UTC(2025, 0, 1) };
    const tally = {
      minuteValues: 120_000,
      originalPackets: 3_000,
      partitionsDropped: 2,
      partitionsRebuilt: 1,
      bytesFreed: 47_395_635,
    };
    expect(retentionSummary(tally, cutoffs, 'Asia/Shanghai', false)).toBe(
      'removed 120,000 minute/real-time values older than 2025-01-01 08:00 and 3,000 original packets older than ' +
        '2025-03-01 08:00; 2 partitions dropped, 1 rebuilt; 45.2 MB freed',
    );
    const none = { minuteValues: 0, originalPackets: 1, partitionsDropped: 0, partitionsRebuilt: 0, bytesFreed: 0 };
    expect(retentionSummary(none, cutoffs, 'UTC', true)).toBe(
      'stopped before the end: removed 0 minute/real-time values older than 2025-01-01 00:00 and 1 original packet ' +
        'older than 2025-03-01 00:00; 0 bytes freed',
    );
  });
});

/** A PostgreSQL-like store in memory: month partitions with row counts, and rows left for the batches. */
class FakeStore implements RetentionStore {
  readonly dialect = 'postgres' as const;
  readonly pruned: string[] = [];
  readonly calls: string[] = [];

  constructor(
    private readonly months: Record<PartitionedTable, (MonthPartition & PartitionRows & { kept: number })[]>,
    private readonly rows: Map<string, number>,
  ) {}

  monthPartitions(table: PartitionedTable) {
    return Promise.resolve(this.months[table].map(({ name, start, end }) => ({ name, start, end })));
  }

  partitionRows(table: PartitionedTable, partition: MonthPartition) {
    const found = this.months[table].find((p) => p.name === partition.name);
    return Promise.resolve({ total: found?.total ?? 0, removable: found?.removable ?? 0 });
  }

  relationBytes(name: string) {
    return Promise.resolve(this.pruned.includes(name) ? 1024 : 10 * 1024);
  }

  prunePartition(table: PartitionedTable, partition: MonthPartition): Promise<PrunedPartition> {
    const found = this.months[table].find((p) => p.name === partition.name);
    if (!found) return Promise.resolve({ outcome: 'absent', kept: 0 });
    this.pruned.push(partition.name);
    return Promise.resolve({ outcome: found.kept === 0 ? 'dropped' : 'rebuilt', kept: found.kept });
  }

  nextMeasuredDevice(after: number) {
    return Promise.resolve(after < 7 ? 7 : null);
  }

  deleteMeasurements(deviceId: number, kind: MeasurementKind, _before: number, limit: number) {
    const key = `${deviceId}/${kind}`;
    const n = Math.min(limit, this.rows.get(key) ?? 0);
    this.rows.set(key, (this.rows.get(key) ?? 0) - n);
    this.calls.push(`${key}:${n}`);
    return Promise.resolve(n);
  }

  firstOriginalIdFrom() {
    return Promise.resolve(500);
  }

  deleteOriginals(_before: number, belowId: number | null, limit: number) {
    const n = Math.min(limit, this.rows.get('originals') ?? 0);
    this.rows.set('originals', (this.rows.get('originals') ?? 0) - n);
    this.calls.push(`originals<${belowId}:${n}`);
    return Promise.resolve(n);
  }

  usedBytes() {
    return Promise.resolve(null);
  }
}

const month = (name: string, m: number, rows: PartitionRows, kept: number) => ({
  name,
  start: Date.UTC(2025, m, 1),
  end: Date.UTC(2025, m + 1, 1),
  ...rows,
  kept,
});

describe('the retention action', () => {
  const clock = new ManualClock(AT);
  const run = (store: RetentionStore, signal = new AbortController().signal, log = new JobRunLog(clock)) =>
    retentionAction({ store, batchSize: 10 })({
      jobId: 1,
      jobName: 'retention',
      timeZone: 'UTC',
      params: { originalDays: 120, minuteDays: 100 },
      devices: [],
      at: AT,
      signal,
      log,
    });

  it('prunes only whole months before each cut-off, skips months already rebuilt, then deletes in batches', async () => {
    const store = new FakeStore(
      {
        measurements: [
          month('m_jan', 0, { total: 50, removable: 50 }, 0),
          month('m_feb', 1, { total: 60, removable: 40 }, 20),
          month('m_mar', 2, { total: 20, removable: 0 }, 20),
          // Straddles the minute cut-off (6 April 12:00): left to the batches.
          month('m_apr', 3, { total: 90, removable: 70 }, 20),
        ],
        original_packets: [
          month('o_feb', 1, { total: 30, removable: 30 }, 0),
          month('o_mar', 2, { total: 30, removable: 30 }, 0),
        ],
      },
      new Map([
        ['7/rtd', 10],
        ['7/min', 25],
        ['originals', 4],
      ]),
    );
    const result = await run(store);
    expect(store.pruned).toEqual(['o_feb', 'm_jan', 'm_feb']);
    // A full batch of 10 is followed by another; one short of 10 ends the kind.
    expect(store.calls).toEqual(['7/rtd:10', '7/rtd:0', '7/min:10', '7/min:10', '7/min:5', 'originals<500:4']);
    expect(result.summary).toBe(
      'removed 125 minute/real-time values older than 2025-04-06 12:00 and 34 original packets older than ' +
        '2025-03-17 12:00; 2 partitions dropped, 1 rebuilt; 29.0 kB freed',
    );
  });

  it('stops between two batches once the signal aborts', async () => {
    const store = new FakeStore({ measurements: [], original_packets: [] }, new Map([['7/min', 100]]));
    const controller = new AbortController();
    const log = new (class extends JobRunLog {
      override info(line: string): void {
        super.info(line);
        if (line.endsWith('deleted')) controller.abort();
      }
    })(clock);
    const result = await run(store, controller.signal, log);
    expect(store.calls).toEqual(['7/rtd:0', '7/min:10']);
    expect(result.summary).toMatch(/^stopped before the end: removed 10 minute\/real-time values/);
  });
});
