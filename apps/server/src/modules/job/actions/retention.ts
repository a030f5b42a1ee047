import { setImmediate as nextTurn } from 'node:timers/promises';
import { DAY_MS } from '@envmon/shared';
import type { MonthPartition, PartitionedTable } from '../../../db/partitions.js';
import type { JobAction, JobParamsByType, JobRunContext } from '../job-action.js';
import { MINUTE_RETENTION_KINDS, type RetentionStore } from './retention.repository.js';
import { counted, localTime } from './run-helpers.js';

export interface RetentionDeps {
  /** `new RetentionRepository(ctx.db, ctx.dialect)`. */
  store: RetentionStore;
  /** Rows one delete statement removes at most. */
  batchSize?: number;
}

/**
 * Rows per delete: on SQLite a statement of this size takes tens of milliseconds, and the ingest (on the same
 * connection) gets its turn between two.
 */
export const RETENTION_BATCH_SIZE = 10_000;

/** The instants before which original packets and minute/real-time values go. */
export function retentionCutoffs(
  at: number,
  params: JobParamsByType['retention'],
): { original: number; minute: number } {
  return { original: at - params.originalDays * DAY_MS, minute: at - params.minuteDays * DAY_MS };
}

const BYTE_UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;

/** `45.2 MB`: bytes as PostgreSQL's pg_size_pretty counts them (1 kB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? counted(value, 'byte') : `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** What a run removed. */
export interface RetentionTally {
  minuteValues: number;
  originalPackets: number;
  partitionsDropped: number;
  partitionsRebuilt: number;
  bytesFreed: number;
}

/**
 * The run's one line: `removed 120,000 minute/real-time values older than 2025-03-01 08:00 and 3,000 original
 * packets older than 2025-06-01 08:00; 2 partitions dropped, 1 rebuilt; 45.2 MB freed`.
 */
export function retentionSummary(
  tally: RetentionTally,
  cutoffs: { original: number; minute: number },
  timeZone: string,
  stopped: boolean,
): string {
  const parts = [
    `removed ${counted(tally.minuteValues, 'minute/real-time value')} older than ${localTime(cutoffs.minute, timeZone)}` +
      ` and ${counted(tally.originalPackets, 'original packet')} older than ${localTime(cutoffs.original, timeZone)}`,
  ];
  if (tally.partitionsDropped > 0 || tally.partitionsRebuilt > 0) {
    parts.push(
      `${counted(tally.partitionsDropped, 'partition')} dropped, ${tally.partitionsRebuilt.toLocaleString('en-US')} rebuilt`,
    );
  }
  parts.push(`${formatBytes(tally.bytesFreed)} freed`);
  const line = parts.join('; ');
  return stopped ? `stopped before the end: ${line}` : line;
}

const monthLabel = (p: MonthPartition) => new Date(p.start).toISOString().slice(0, 7);

/**
 * Retention (issue 21): original packets older than `originalDays` and minute and real-time values older than
 * `minuteDays` before the run's instant are removed from the whole database (the job's devices do not narrow it:
 * partitions hold every device). Hour, day, month and year values and the latest values are never touched.
 *
 * On PostgreSQL every month partition lying wholly before its cut-off goes first: an original-packets month is
 * dropped; a measurements month is dropped when it holds nothing to keep, else rebuilt with only its hour, day,
 * month and year values — either frees its space at once. What is left (the month straddling the cut-off and the
 * DEFAULT partition; on SQLite the whole table) is deleted row by row in batches of `batchSize`, yielding between
 * two so the ingest is not held up, and stopping at the run's signal.
 *
 * Space freed: PostgreSQL, the size of the dropped or rebuilt partitions less that of their replacements (rows
 * deleted one by one free theirs for new rows after the autovacuum, not on disk); SQLite, the pages no longer in
 * use (they are reused by new rows; the file does not shrink without a VACUUM).
 */
export function retentionAction({ store, batchSize = RETENTION_BATCH_SIZE }: RetentionDeps): JobAction<'retention'> {
  return async (run) => {
    const cutoffs = retentionCutoffs(run.at, run.params);
    const tally: RetentionTally = {
      minuteValues: 0,
      originalPackets: 0,
      partitionsDropped: 0,
      partitionsRebuilt: 0,
      bytesFreed: 0,
    };
    const usedBefore = await store.usedBytes();

    await prunePartitions(store, run, 'original_packets', cutoffs.original, tally);
    await prunePartitions(store, run, 'measurements', cutoffs.minute, tally);
    await deleteMeasurementRows(store, run, cutoffs.minute, batchSize, tally);
    await deleteOriginalRows(store, run, cutoffs.original, batchSize, tally);

    const usedAfter = await store.usedBytes();
    if (usedBefore !== null && usedAfter !== null) tally.bytesFreed += Math.max(0, usedBefore - usedAfter);
    const stopped = run.signal.aborted;
    if (stopped) run.log.info('the run was stopped: rows not reached yet are removed by the next run');
    const summary = retentionSummary(tally, cutoffs, run.timeZone, stopped);
    run.log.info(summary);
    return { summary };
  };
}

type Run = JobRunContext<JobParamsByType['retention']>;

/** PostgreSQL: drops or rebuilds each month partition of `table` lying wholly before `before`. */
async function prunePartitions(
  store: RetentionStore,
  run: Run,
  table: PartitionedTable,
  before: number,
  tally: RetentionTally,
): Promise<void> {
  const months = (await store.monthPartitions(table)).filter((p) => p.end <= before);
  for (const partition of months) {
    if (run.signal.aborted) return;
    const rows = await store.partitionRows(table, partition);
    // A month already rebuilt holds only what is kept: nothing to do until new minute rows come (a late resend).
    if (rows.removable === 0 && rows.total > 0) continue;
    const bytesBefore = await store.relationBytes(partition.name);
    const pruned = await store.prunePartition(table, partition);
    if (pruned.outcome === 'absent') continue;
    const bytesAfter = pruned.outcome === 'rebuilt' ? await store.relationBytes(partition.name) : 0;
    const freed = Math.max(0, bytesBefore - bytesAfter);
    tally.bytesFreed += freed;
    // Rows counted just before the exclusive lock; a row written into a month this old in between is not counted.
    const removed = Math.max(rows.removable, rows.total - pruned.kept);
    if (table === 'measurements') tally.minuteValues += removed;
    else tally.originalPackets += removed;
    if (pruned.outcome === 'dropped') {
      tally.partitionsDropped += 1;
      run.log.info(
        `${partition.name} (${monthLabel(partition)}) dropped: ${counted(removed, 'row')}, ${formatBytes(freed)} freed`,
      );
    } else {
      tally.partitionsRebuilt += 1;
      run.log.info(
        `${partition.name} (${monthLabel(partition)}) rebuilt without its minute/real-time values: ` +
          `${counted(removed, 'row')} removed, ${counted(pruned.kept, 'row')} kept, ${formatBytes(freed)} freed`,
      );
    }
  }
}

/** Minute and real-time values older than `before`, device by device, in batches (the key's own order). */
async function deleteMeasurementRows(
  store: RetentionStore,
  run: Run,
  before: number,
  batchSize: number,
  tally: RetentionTally,
): Promise<void> {
  for (
    let device = await store.nextMeasuredDevice(-1);
    device !== null;
    device = await store.nextMeasuredDevice(device)
  ) {
    for (const kind of MINUTE_RETENTION_KINDS) {
      for (;;) {
        if (run.signal.aborted) return;
        const deleted = await store.deleteMeasurements(device, kind, before, batchSize);
        if (deleted === 0) break;
        tally.minuteValues += deleted;
        run.log.info(`device ${device}: ${counted(deleted, `${kind} value`)} deleted`);
        await nextTurn();
        if (deleted < batchSize) break;
      }
    }
  }
}

/** Original packets received before `before`, oldest first, in batches. */
async function deleteOriginalRows(
  store: RetentionStore,
  run: Run,
  before: number,
  batchSize: number,
  tally: RetentionTally,
): Promise<void> {
  if (run.signal.aborted) return;
  const belowId = await store.firstOriginalIdFrom(before);
  for (;;) {
    if (run.signal.aborted) return;
    const deleted = await store.deleteOriginals(before, belowId, batchSize);
    if (deleted === 0) return;
    tally.originalPackets += deleted;
    run.log.info(`${counted(deleted, 'original packet')} deleted`);
    await nextTurn();
    if (deleted < batchSize) return;
  }
}
