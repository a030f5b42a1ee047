import { HOUR_MS } from '@envmon/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../../db/connection.js';
import {
  listMonthPartitions,
  type MonthPartition,
  type PartitionedTable,
  type PrunedPartition,
  pruneMonthPartition,
} from '../../../db/partitions.js';
import type { Database, MeasurementKind } from '../../../db/schema.js';
import { hourOf, isTileKind } from '../../../ingest/tiles.js';

/**
 * The kinds retention removes: minute values (2051) and real-time values (2011), which are as fine-grained.
 * Hour, day, month and year values are never removed, nor latest_values.
 */
export const MINUTE_RETENTION_KINDS: readonly MeasurementKind[] = ['rtd', 'min'];

const removedKinds = sql.join(MINUTE_RETENTION_KINDS.map((kind) => sql.lit(kind)));

/** How many rows of a month partition retention would remove, of how many. */
export interface PartitionRows {
  total: number;
  removable: number;
}

/** What the retention action reads and removes: the `RetentionRepository`, or a fake in unit tests. */
export interface RetentionStore {
  readonly dialect: Dialect;
  /** PostgreSQL: the month partitions of a table, oldest first; none on SQLite. */
  monthPartitions(table: PartitionedTable): Promise<MonthPartition[]>;
  /** PostgreSQL: the rows of a month partition, and those retention removes from it (all of an original-packets month). */
  partitionRows(table: PartitionedTable, partition: MonthPartition): Promise<PartitionRows>;
  /** PostgreSQL: the bytes a relation takes with its indexes and TOAST; 0 when it does not exist. */
  relationBytes(name: string): Promise<number>;
  /** PostgreSQL: drops a month partition, or rebuilds it with only the rows retention keeps. */
  prunePartition(table: PartitionedTable, partition: MonthPartition): Promise<PrunedPartition>;
  /** The smallest device id above `after` that has measurements (one index seek), or null after the last. */
  nextMeasuredDevice(after: number): Promise<number | null>;
  /** Deletes up to `limit` of a device's values of one kind older than `before`, oldest first; the rows deleted. */
  deleteMeasurements(deviceId: number, kind: MeasurementKind, before: number, limit: number): Promise<number>;
  /** The first packet id received at or after `before`: older packets lie below it, so a batch need not look past it. */
  firstOriginalIdFrom(before: number): Promise<number | null>;
  /** Deletes up to `limit` original packets received before `before` (with ids below `belowId`), oldest first. */
  deleteOriginals(before: number, belowId: number | null, limit: number): Promise<number>;
  /** SQLite: the bytes of the file's pages in use (page count less free pages); null on PostgreSQL. */
  usedBytes(): Promise<number | null>;
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/**
 * After a batch of a device's oldest values of a tile kind went (oldest first, so every value left is at least as
 * new as the oldest one left): the tiles of the hours wholly emptied go, and the hour of the oldest value left,
 * which the batch may have cut into, loses its tiles and is marked dirty, to be rebuilt from what it still holds.
 */
async function dropDeletedTiles(
  trx: Transaction<Database>,
  deviceId: number,
  kind: MeasurementKind,
  before: number,
): Promise<void> {
  const oldest = await trx
    .selectFrom('measurements')
    .select((eb) => eb.fn.min('dataTime').as('dataTime'))
    .where('deviceId', '=', deviceId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const left = oldest?.dataTime === null || oldest?.dataTime === undefined ? null : hourOf(Number(oldest.dataTime));
  const cut = left !== null && left < before ? left + HOUR_MS : left;
  for (const tiles of ['measurementTiles', 'measurementTilesDirty'] as const) {
    await trx
      .deleteFrom(tiles)
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .$if(cut !== null, (q) => q.where('hour', '<', cut ?? 0))
      .execute();
  }
  if (left !== null && left < before) {
    await trx
      .insertInto('measurementTilesDirty')
      .values({ deviceId, kind, hour: left, seq: 1 })
      .onConflict((oc) =>
        oc
          .columns(['deviceId', 'kind', 'hour'])
          .doUpdateSet((eb) => ({ seq: eb('measurementTilesDirty.seq', '+', 1) })),
      )
      .execute();
  }
}

/** Retention's reads and deletes on measurements and original_packets, on SQLite and PostgreSQL. */
export class RetentionRepository implements RetentionStore {
  constructor(
    private readonly db: Kysely<Database>,
    readonly dialect: Dialect,
  ) {}

  async monthPartitions(table: PartitionedTable): Promise<MonthPartition[]> {
    return this.dialect === 'postgres' ? listMonthPartitions(this.db, table) : [];
  }

  async partitionRows(table: PartitionedTable, partition: MonthPartition): Promise<PartitionRows> {
    const removable = table === 'measurements' ? sql`kind in (${removedKinds})` : sql`true`;
    const { rows } = await sql<PartitionRows>`
      select count(*) as total, count(*) filter (where ${removable}) as removable
      from ${sql.raw(`"${partition.name}"`)}`.execute(this.db);
    return { total: Number(rows[0]?.total ?? 0), removable: Number(rows[0]?.removable ?? 0) };
  }

  async relationBytes(name: string): Promise<number> {
    const { rows } = await sql<{ bytes: number | null }>`
      select pg_total_relation_size(to_regclass(${name})) as bytes`.execute(this.db);
    return Number(rows[0]?.bytes ?? 0);
  }

  async prunePartition(table: PartitionedTable, partition: MonthPartition): Promise<PrunedPartition> {
    const keep = table === 'measurements' ? sql`kind not in (${removedKinds})` : sql`false`;
    const pruned = await pruneMonthPartition(this.db, table, partition.start, keep);
    // The month's hourly tiles go with its minute and real-time values (a UTC month is whole UTC hours).
    if (table === 'measurements' && pruned.outcome !== 'absent') {
      await this.db.transaction().execute(async (trx) => {
        for (const tiles of ['measurementTiles', 'measurementTilesDirty'] as const) {
          await trx
            .deleteFrom(tiles)
            .where('kind', 'in', [...MINUTE_RETENTION_KINDS])
            .where('hour', '>=', partition.start)
            .where('hour', '<', partition.end)
            .execute();
        }
      });
    }
    return pruned;
  }

  async nextMeasuredDevice(after: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('measurements')
      .select((eb) => eb.fn.min('deviceId').as('deviceId'))
      .where('deviceId', '>', after)
      .executeTakeFirst();
    return row?.deviceId ?? null;
  }

  async deleteMeasurements(deviceId: number, kind: MeasurementKind, before: number, limit: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      // By the key's leading columns (device, kind, data time): each batch is an index range, on both dialects.
      const result = await trx
        .deleteFrom('measurements')
        .where('deviceId', '=', deviceId)
        .where('kind', '=', kind)
        .where('dataTime', '<', before)
        .where((eb) =>
          eb(
            eb.refTuple('dataTime', 'factorCode'),
            'in',
            eb
              .selectFrom('measurements')
              .select(['dataTime', 'factorCode'])
              .where('deviceId', '=', deviceId)
              .where('kind', '=', kind)
              .where('dataTime', '<', before)
              .orderBy('dataTime')
              .limit(limit)
              .$asTuple('dataTime', 'factorCode'),
          ),
        )
        .executeTakeFirst();
      const count = deleted(result);
      if (count > 0 && isTileKind(kind)) await dropDeletedTiles(trx, deviceId, kind, before);
      return count;
    });
  }

  async firstOriginalIdFrom(before: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('originalPackets')
      .select('id')
      .where('receivedAt', '>=', before)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async deleteOriginals(before: number, belowId: number | null, limit: number): Promise<number> {
    // original_packets has no index on the time alone; ids grow with it, so the oldest come first by id.
    const result = await this.db
      .deleteFrom('originalPackets')
      .where('receivedAt', '<', before)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('originalPackets')
          .select('id')
          .where('receivedAt', '<', before)
          .$if(belowId !== null, (qb) => qb.where('id', '<', belowId ?? 0))
          .orderBy('id')
          .limit(limit),
      )
      .executeTakeFirst();
    return deleted(result);
  }

  async usedBytes(): Promise<number | null> {
    if (this.dialect !== 'sqlite') return null;
    const { rows } = await sql<{ used: number }>`
      select ((select page_count from pragma_page_count()) - (select freelist_count from pragma_freelist_count()))
        * (select page_size from pragma_page_size()) as used`.execute(this.db);
    return Number(rows[0]?.used ?? 0);
  }
}
