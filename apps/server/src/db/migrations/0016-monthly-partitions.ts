import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import {
  defaultPartitionName,
  monthPartitionName,
  PARTITION_KEYS,
  type PartitionedTable,
  utcMonth,
} from '../partitions.js';
import type { AnyDb } from './builders.js';

/**
 * Volume on PostgreSQL (issue 16): measurements and original_packets become range-partitioned by month
 * (db/partitions.ts says why and keeps the months coming). A partitioned table's unique constraints must
 * hold its partition key, so original_packets' key becomes (id, received_at): ids still come from the same
 * sequence, and a look-up by id alone is served by that key's leading column. Nothing references either
 * table by foreign key. SQLite keeps its plain tables: this migration does nothing there.
 *
 * Each table is rebuilt: the old one renamed aside, the new one created with the same columns, its DEFAULT
 * partition and a partition for every month holding rows plus the current and next months, the rows
 * copied, the old table dropped, then the secondary indexes built once over the copied rows.
 */
interface Shape {
  columns: string;
  /** The primary key's columns and constraint name (the name PostgreSQL or 0002 gave it). */
  primaryKey: { name: string; plain: string; partitioned: string };
  indexes: Record<string, string>;
  /** The sequence behind id, handed from the old table to the new so its next value is kept. */
  sequence?: string;
}

const SHAPES: Record<PartitionedTable, Shape> = {
  measurements: {
    columns: `device_id integer not null, kind text not null, data_time bigint not null, factor_code text not null,
      value double precision, min double precision, max double precision, cou double precision, flag text,
      quality text not null, received_at bigint not null`,
    primaryKey: {
      name: 'measurements_pk',
      plain: 'device_id, kind, data_time, factor_code',
      partitioned: 'device_id, kind, data_time, factor_code',
    },
    indexes: {
      measurements_history_idx: '(device_id, kind, factor_code, data_time) include (value)',
    },
  },
  original_packets: {
    columns: `id integer not null default nextval('original_packets_id_seq'), received_at bigint not null,
      remote text not null, device_id integer, mn text, cn text, qn text, data_time bigint, raw text not null,
      accepted integer not null, reason text`,
    primaryKey: { name: 'original_packets_pkey', plain: 'id', partitioned: 'id, received_at' },
    indexes: {
      original_packets_device_idx: '(device_id, received_at)',
      original_packets_unknown_mn_idx: '(mn, received_at) where device_id is null',
    },
    sequence: 'original_packets_id_seq',
  },
};

/** Rows outside these years stay in DEFAULT rather than each getting a partition of its own. */
const FIRST_MONTH = Date.UTC(1970, 0, 1);
const LAST_MONTH = Date.UTC(2200, 0, 1);

/** The UTC months (their first instant) that hold rows of `from`'s partition key. */
async function monthsWithRows(db: AnyDb, from: string, key: string): Promise<number[]> {
  const { rows } = await sql<{ m: number }>`
    select distinct (extract(year from t) * 12 + extract(month from t) - 1)::int as m
    from (select to_timestamp(${sql.ref(key)} / 1000.0) at time zone 'UTC' as t from ${sql.table(from)}
          where ${sql.ref(key)} >= ${FIRST_MONTH} and ${sql.ref(key)} < ${LAST_MONTH}) s`.execute(db);
  return rows.map(({ m }) => Date.UTC(Math.floor(m / 12), m % 12, 1));
}

/** Renames `table` to `aside` with its key, and frees its index names for the table that replaces it. */
async function setAside(db: AnyDb, table: PartitionedTable, aside: string): Promise<void> {
  const shape = SHAPES[table];
  await sql`alter table ${sql.table(table)} rename to ${sql.table(aside)}`.execute(db);
  await sql`alter table ${sql.table(aside)} rename constraint ${sql.ref(shape.primaryKey.name)} to ${sql.ref(`${aside}_pk`)}`.execute(
    db,
  );
  for (const index of Object.keys(shape.indexes)) await sql`drop index ${sql.ref(index)}`.execute(db);
}

/** Copies `aside` into the new `table`, drops it, and builds the indexes over the copied rows. */
async function moveIn(db: AnyDb, table: PartitionedTable, aside: string): Promise<void> {
  const shape = SHAPES[table];
  if (shape.sequence) {
    await sql`alter sequence ${sql.table(shape.sequence)} owned by ${sql.ref(`${table}.id`)}`.execute(db);
  }
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  const columns = sql.join(rows.map(({ name }) => sql.ref(name)));
  await sql`insert into ${sql.table(table)} (${columns}) select ${columns} from ${sql.table(aside)}`.execute(db);
  await sql`drop table ${sql.table(aside)}`.execute(db);
  for (const [index, definition] of Object.entries(shape.indexes)) {
    await sql`create index ${sql.ref(index)} on ${sql.table(table)} ${sql.raw(definition)}`.execute(db);
  }
}

async function partition(db: AnyDb, table: PartitionedTable): Promise<void> {
  const shape = SHAPES[table];
  const key = PARTITION_KEYS[table];
  const aside = `${table}_unpartitioned`;
  await setAside(db, table, aside);
  await sql`create table ${sql.table(table)} (${sql.raw(shape.columns)},
    constraint ${sql.ref(shape.primaryKey.name)} primary key (${sql.raw(shape.primaryKey.partitioned)}))
    partition by range (${sql.ref(key)})`.execute(db);
  await sql`create table ${sql.table(defaultPartitionName(table))} partition of ${sql.table(table)} default`.execute(
    db,
  );
  const now = Date.now();
  const months = new Set([...(await monthsWithRows(db, aside, key)), utcMonth(now).start, utcMonth(now, 1).start]);
  for (const month of [...months].sort((a, b) => a - b)) {
    const { start, end } = utcMonth(month);
    await sql`create table ${sql.table(monthPartitionName(table, month))} partition of ${sql.table(table)}
      for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(db);
  }
  await moveIn(db, table, aside);
}

async function unpartition(db: AnyDb, table: PartitionedTable): Promise<void> {
  const shape = SHAPES[table];
  const aside = `${table}_partitioned`;
  await setAside(db, table, aside);
  await sql`create table ${sql.table(table)} (${sql.raw(shape.columns)},
    constraint ${sql.ref(shape.primaryKey.name)} primary key (${sql.raw(shape.primaryKey.plain)}))`.execute(db);
  await moveIn(db, table, aside);
}

export function monthlyPartitions(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      for (const table of Object.keys(SHAPES) as PartitionedTable[]) await partition(db, table);
    },
    async down(db: AnyDb) {
      if (dialect !== 'postgres') return;
      for (const table of Object.keys(SHAPES) as PartitionedTable[]) await unpartition(db, table);
    },
  };
}
