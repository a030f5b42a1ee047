import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database, MeasurementKind } from '../db/schema.js';
import {
  type IngestBatch,
  type IngestRepository,
  type LatestRow,
  ROLLUP_AGGREGATES,
  type RollupTarget,
} from './ingest.repository.js';

/**
 * The PostgreSQL write path of the ingest pipeline: each kind of row goes in over column arrays
 * (`insert … select from unnest(…)`), a dozen parameters whatever the batch's size, instead of
 * multi-row VALUES with thousands of them. The inserts of a batch are one statement (each in its own
 * `with` clause): PostgreSQL makes a statement atomic by itself, so the batch is stored in one round
 * trip, where a transaction of its statements took seven, each waited for while the next packets queue.
 *
 * Two batches are written side by side, each on a connection of its own: one backend writing was the
 * bound (bench:ingest on 2 cores, runs one after the other with a 64 MB young generation: 5,900 packets/s
 * with one in flight, 7,100–8,800 with two; at node's default 5,000–6,400 with two). They
 * cannot deadlock: both take their row locks in one order, the kinds of row in the same sequence and
 * the rows of each kind that two batches share (latest values, stale tile hours) sorted by key. A
 * batch waits for those before it when it stores a data point of theirs (a resent upload: the later
 * must win) or recomputes month and year values (which must see every day value before it). The
 * pipeline answers and announces batches in the order it gave them, whichever commits first.
 */
export class PostgresIngestRepository implements IngestRepository {
  readonly writesInFlight = 2;
  /** The batches being written, each with its data points (`dataPoints`). */
  private readonly writing = new Map<Promise<void>, ReadonlySet<string>>();

  constructor(private readonly db: Kysely<Database>) {}

  async writeBatch(batch: IngestBatch): Promise<void> {
    const points = dataPoints(batch.measurements);
    const before = [...this.writing]
      .filter(([, theirs]) => batch.rollups.length > 0 || shareAny(points, theirs))
      .map(([write]) => write);
    const write = this.write(batch, before);
    this.writing.set(write, points);
    try {
      await write;
    } finally {
      this.writing.delete(write);
    }
  }

  private async write(batch: IngestBatch, after: Promise<void>[]): Promise<void> {
    // Their outcome is their callers' to handle; this batch only waits for them to end.
    if (after.length > 0) await Promise.allSettled(after);
    const inserts = [
      insertOriginals(batch.originals),
      upsertMeasurements(batch.measurements),
      upsertLatest(batch.latest),
      markTileHours(batch.tileHours),
    ].filter((insert) => insert !== null);
    const write = inserts.length === 0 ? null : oneStatement(inserts);
    if (batch.rollups.length === 0) {
      await write?.execute(this.db);
      return;
    }
    // A month's or year's value is computed from the day values: it must see the batch's, which the statements
    // of one `with` do not see of each other.
    await this.db.transaction().execute(async (trx) => {
      await write?.execute(trx);
      for (const target of batch.rollups) await recomputeRollup(trx, target);
    });
  }

  /** The connections are the server's pool; nothing of its own to release. */
  async close(): Promise<void> {}
}

/**
 * A batch's data points, device and data time: a packet's values are consecutive rows, so this is about one key a
 * packet. Two batches that share none write no measurement of each other's, nor a latest value of the same time.
 */
function dataPoints(rows: IngestBatch['measurements']): Set<string> {
  const points = new Set<string>();
  let deviceId = -1;
  let dataTime = -1;
  for (const r of rows) {
    if (r.deviceId === deviceId && r.dataTime === dataTime) continue;
    deviceId = r.deviceId;
    dataTime = r.dataTime;
    points.add(`${deviceId}|${dataTime}`);
  }
  return points;
}

function shareAny(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const key of small) if (large.has(key)) return true;
  return false;
}

const column = <T, K extends keyof T>(rows: readonly T[], key: K): T[K][] => rows.map((r) => r[key]);

/** Data-modifying `with` clauses always run to completion, whatever the main query reads of them. */
const oneStatement = (inserts: RawBuilder<unknown>[]): RawBuilder<unknown> =>
  sql`with ${sql.join(
    inserts.map((insert, i) => sql`${sql.ref(`w${i}`)} as (${insert})`),
    sql`, `,
  )} select 1`;

function insertOriginals(rows: IngestBatch['originals']): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  return sql`
    insert into original_packets (received_at, remote, device_id, mn, cn, qn, data_time, raw, accepted, reason)
    select * from unnest(
      ${column(rows, 'receivedAt')}::bigint[], ${column(rows, 'remote')}::text[], ${column(rows, 'deviceId')}::integer[],
      ${column(rows, 'mn')}::text[], ${column(rows, 'cn')}::text[], ${column(rows, 'qn')}::text[],
      ${column(rows, 'dataTime')}::bigint[], ${column(rows, 'raw')}::text[], ${column(rows, 'accepted')}::integer[],
      ${column(rows, 'reason')}::text[])`;
}

/** PostgreSQL refuses to upsert one row twice in a statement: the later of repeated keys is kept. */
function lastPerKey(rows: IngestBatch['measurements']): IngestBatch['measurements'] {
  const byKey = new Map<string, IngestBatch['measurements'][number]>();
  for (const r of rows) byKey.set(`${r.deviceId}|${r.kind}|${r.dataTime}|${r.factorCode}`, r);
  return byKey.size === rows.length ? rows : [...byKey.values()];
}

function upsertMeasurements(batchRows: IngestBatch['measurements']): RawBuilder<unknown> | null {
  if (batchRows.length === 0) return null;
  const rows = lastPerKey(batchRows);
  return sql`
    insert into measurements (device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at,
                              station_value)
    select * from unnest(
      ${column(rows, 'deviceId')}::integer[], ${column(rows, 'kind')}::text[], ${column(rows, 'dataTime')}::bigint[],
      ${column(rows, 'factorCode')}::text[], ${column(rows, 'value')}::float8[], ${column(rows, 'min')}::float8[],
      ${column(rows, 'max')}::float8[], ${column(rows, 'cou')}::float8[], ${column(rows, 'flag')}::text[],
      ${column(rows, 'quality')}::text[], ${column(rows, 'receivedAt')}::bigint[],
      ${rows.map((r) => r.stationValue ?? null)}::float8[])
    on conflict (device_id, kind, data_time, factor_code) do update set
      value = excluded.value, min = excluded.min, max = excluded.max, cou = excluded.cou,
      flag = excluded.flag, quality = excluded.quality, received_at = excluded.received_at,
      station_value = excluded.station_value`;
}

/** Two batches that hold latest values of one station lock them in the same order. */
const byLatestKey = (a: LatestRow, b: LatestRow): number =>
  a.deviceId - b.deviceId || (a.factorCode < b.factorCode ? -1 : a.factorCode > b.factorCode ? 1 : 0);

function upsertLatest(batchRows: IngestBatch['latest']): RawBuilder<unknown> | null {
  if (batchRows.length === 0) return null;
  const rows = [...batchRows].sort(byLatestKey);
  // A backfilled older value never replaces a newer one.
  return sql`
    insert into latest_values (device_id, factor_code, kind, data_time, value, flag, quality, received_at)
    select * from unnest(
      ${column(rows, 'deviceId')}::integer[], ${column(rows, 'factorCode')}::text[], ${column(rows, 'kind')}::text[],
      ${column(rows, 'dataTime')}::bigint[], ${column(rows, 'value')}::float8[], ${column(rows, 'flag')}::text[],
      ${column(rows, 'quality')}::text[], ${column(rows, 'receivedAt')}::bigint[])
    on conflict (device_id, factor_code) do update set
      kind = excluded.kind, data_time = excluded.data_time, value = excluded.value,
      flag = excluded.flag, quality = excluded.quality, received_at = excluded.received_at
    where excluded.data_time >= latest_values.data_time`;
}

async function recomputeRollup(trx: Transaction<Database>, t: RollupTarget): Promise<void> {
  const kind: MeasurementKind = t.kind;
  await sql`
    insert into measurements (device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at)
    select device_id, ${kind}::text, ${t.from}::bigint, factor_code, ${sql.raw(ROLLUP_AGGREGATES)}, null, 'N',
           max(received_at)
    from measurements
    where device_id = ${t.deviceId} and factor_code = ${t.factorCode} and kind = 'day'
      and data_time >= ${t.from} and data_time < ${t.to}
    group by device_id, factor_code
    on conflict (device_id, kind, data_time, factor_code) do update set
      value = excluded.value, min = excluded.min, max = excluded.max, cou = excluded.cou,
      received_at = excluded.received_at`.execute(trx);
}

/**
 * The hours' tiles are stale (ingest/tiles.ts); seq counts the changes, so a rebuild in progress keeps the mark. The
 * pipeline gives them in key order.
 */
function markTileHours(hours: IngestBatch['tileHours']): RawBuilder<unknown> | null {
  if (hours.length === 0) return null;
  return sql`
    insert into measurement_tiles_dirty (device_id, kind, hour, seq)
    select d, k, h, 1 from unnest(
      ${column(hours, 'deviceId')}::integer[], ${column(hours, 'kind')}::text[], ${column(hours, 'hour')}::bigint[])
      as t(d, k, h)
    on conflict (device_id, kind, hour) do update set seq = measurement_tiles_dirty.seq + 1`;
}
