import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Clock } from '../lib/clock.js';
import type { Dialect } from './connection.js';

/**
 * Monthly partitions (issue 16, PostgreSQL only): the two tables that grow with every upload are
 * range-partitioned by the epoch milliseconds their rows are placed by, one partition per UTC month,
 * plus a DEFAULT partition so that a row of a month without its own partition (a station whose clock
 * is years off, a backfill older than the partitions) is stored rather than refused. Retention drops
 * a month's partition instead of deleting rows one by one. SQLite keeps plain tables.
 *
 * Lock order, the same in every function here, so that two servers (or a server and a retention job)
 * never deadlock: the parent table first, then its DEFAULT partition. Writers take the parent before
 * the partition a row is routed to, so they fit the same order.
 */
export const PARTITION_KEYS = { measurements: 'data_time', original_packets: 'received_at' } as const;

export type PartitionedTable = keyof typeof PARTITION_KEYS;

export const PARTITIONED_TABLES = Object.keys(PARTITION_KEYS) as PartitionedTable[];

/** How long maintenance waits for a table's lock before giving up until its next run (rows wait in DEFAULT). */
const LOCK_TIMEOUT = '10s';

export const MAINTENANCE_INTERVAL_MS = 12 * 60 * 60 * 1000;

/** What the maintenance logs through: a Fastify logger (app.log.child(...)) fits. */
export interface PartitionMaintenanceLog {
  info(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

/** The bounds [start, end) in epoch ms of the UTC month holding `instant`, `offset` months later. */
export function utcMonth(instant: number, offset = 0): { start: number; end: number; year: number; month: number } {
  const d = new Date(instant);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1);
  const first = new Date(start);
  return {
    start,
    end: Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1),
    year: first.getUTCFullYear(),
    month: first.getUTCMonth() + 1,
  };
}

/** `measurements_y2026m11`: the partition of `table` for the UTC month holding `instant`. */
export function monthPartitionName(table: PartitionedTable, instant: number): string {
  const { year, month } = utcMonth(instant);
  return `${table}_y${String(year).padStart(4, '0')}m${String(month).padStart(2, '0')}`;
}

export function defaultPartitionName(table: PartitionedTable): string {
  return `${table}_default`;
}

/** Names come from PARTITION_KEYS and integers only, so they are safe to splice into DDL. */
const ident = (name: string) => sql.raw(`"${name}"`);

async function relationExists<DB>(db: Kysely<DB>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass(${name}) is not null as found`.execute(db);
  return rows[0]?.found === true;
}

/**
 * Creates the partition of `table` for the UTC month holding `instant` unless it exists, inside the
 * caller's transaction. Rows of that month already in the DEFAULT partition move into it: the new month
 * is built as a plain table, the rows are moved over, and only then is it attached — PostgreSQL refuses
 * to attach (or create) a partition while DEFAULT still holds rows of its range. DEFAULT is locked
 * exclusively meanwhile, so no row of the month slips into it between the move and the attach.
 * Returns whether it created the partition.
 */
async function createMonthPartition<DB>(trx: Kysely<DB>, table: PartitionedTable, instant: number): Promise<boolean> {
  const name = monthPartitionName(table, instant);
  const key = ident(PARTITION_KEYS[table]);
  const parent = ident(table);
  const fallback = ident(defaultPartitionName(table));
  const { start, end } = utcMonth(instant);
  await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
  // The mode ATTACH takes anyway; it lets writers on, and shuts out another maintainer until commit.
  await sql`lock table ${parent} in share update exclusive mode`.execute(trx);
  await sql`lock table ${fallback} in access exclusive mode`.execute(trx);
  if (await relationExists(trx, name)) return false;
  await sql`create table ${ident(name)} (like ${parent} including defaults)`.execute(trx);
  await sql`
    with moved as (delete from ${fallback} where ${key} >= ${sql.lit(start)} and ${key} < ${sql.lit(end)} returning *)
    insert into ${ident(name)} select * from moved`.execute(trx);
  await sql`alter table ${parent} attach partition ${ident(name)}
    for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(trx);
  return true;
}

/** duplicate_table, or a partition overlapping one made by someone else: the month exists after all. */
function isAlreadyThere(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '42P07' || code === '42P17';
}

/**
 * Makes sure both tables have their partitions for the current UTC month and the `monthsAhead` after
 * it (PostgreSQL; nothing on SQLite). Idempotent, and safe while another process runs it: a month that
 * exists costs one catalogue look-up. Returns the partitions it created.
 */
export async function ensureMonthlyPartitions<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  now: number,
  monthsAhead = 2,
): Promise<string[]> {
  if (dialect !== 'postgres') return [];
  const created: string[] = [];
  for (const table of PARTITIONED_TABLES) {
    for (let offset = 0; offset <= monthsAhead; offset++) {
      const month = utcMonth(now, offset).start;
      const name = monthPartitionName(table, month);
      if (await relationExists(db, name)) continue;
      try {
        if (await db.transaction().execute((trx) => createMonthPartition(trx, table, month))) created.push(name);
      } catch (err) {
        if (!isAlreadyThere(err)) throw err;
      }
    }
  }
  return created;
}

/**
 * Retention (PostgreSQL only): removes the UTC month holding `month` from `table` — its partition, and
 * any rows of that month that were stored in DEFAULT because the partition did not exist when they came.
 * Returns whether a partition was dropped.
 */
export async function dropMonthPartition<DB>(db: Kysely<DB>, table: PartitionedTable, month: number): Promise<boolean> {
  const name = monthPartitionName(table, month);
  const key = ident(PARTITION_KEYS[table]);
  const fallback = ident(defaultPartitionName(table));
  const { start, end } = utcMonth(month);
  return db.transaction().execute(async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    // Dropping a partition locks its parent exclusively; taken first, as everywhere here.
    await sql`lock table ${ident(table)} in access exclusive mode`.execute(trx);
    const existed = await relationExists(trx, name);
    if (existed) await sql`drop table ${ident(name)}`.execute(trx);
    await sql`delete from ${fallback} where ${key} >= ${sql.lit(start)} and ${key} < ${sql.lit(end)}`.execute(trx);
    return existed;
  });
}

/**
 * Runs ensureMonthlyPartitions now and every 12 hours (PostgreSQL; nothing on SQLite), so that a month's
 * partition exists well before its first row. A failed run is logged and tried again at the next: until
 * then the month's rows are kept in DEFAULT. The returned stop ends the timer and waits for a run in
 * progress, so call it before the database closes.
 */
export function startPartitionMaintenance<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  clock: Clock,
  log: PartitionMaintenanceLog,
): () => Promise<void> {
  if (dialect !== 'postgres') return () => Promise.resolve();
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = ensureMonthlyPartitions(db, dialect, clock.now()).then(
      (created) => {
        if (created.length > 0) log.info({ partitions: created }, 'monthly partitions created');
      },
      (err: unknown) => log.error({ err }, 'monthly partition maintenance failed; rows wait in the default partition'),
    );
  };
  run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}

/** A month partition of a table (PostgreSQL): its name and the UTC month [start, end) it holds. */
export interface MonthPartition {
  name: string;
  start: number;
  end: number;
}

/**
 * The month partitions of `table` (PostgreSQL), oldest first: read from the catalogue, their months from the
 * names ensureMonthlyPartitions gives them. DEFAULT, and any table not named so, is left out.
 */
export async function listMonthPartitions<DB>(db: Kysely<DB>, table: PartitionedTable): Promise<MonthPartition[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass`.execute(db);
  const pattern = new RegExp(`^${table}_y(\\d{4})m(\\d{2})$`);
  const months: MonthPartition[] = [];
  for (const { name } of rows) {
    const match = pattern.exec(name);
    if (!match) continue;
    const { start, end } = utcMonth(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
    months.push({ name, start, end });
  }
  return months.sort((a, b) => a.start - b.start);
}

/** What pruneMonthPartition did: the partition was not there, held nothing to keep and was dropped, or was rebuilt. */
export interface PrunedPartition {
  outcome: 'absent' | 'dropped' | 'rebuilt';
  /** Rows kept (copied into the rebuilt partition). */
  kept: number;
}

/**
 * Retention of part of a month (PostgreSQL only): the partition of `table` for the UTC month holding `month` is
 * replaced by one holding only the rows `keep` accepts, or dropped when no row is kept. Deleting most of a
 * partition's rows would leave its space held until a VACUUM FULL; copying the few kept rows (hour and day values
 * beside a month of minute values) into a fresh table frees it at once. The parent stays locked exclusively
 * meanwhile (readers and writers wait for the copy of the kept rows) so no row of the month is written to the old
 * partition after the copy. DEFAULT holds no row of a month that has a partition (createMonthPartition moves them
 * in), so it is not looked at. A month dropped here stays without partition: a row of it arriving later waits in
 * DEFAULT.
 */
export async function pruneMonthPartition<DB>(
  db: Kysely<DB>,
  table: PartitionedTable,
  month: number,
  keep: RawBuilder<unknown>,
): Promise<PrunedPartition> {
  const name = monthPartitionName(table, month);
  const rebuilt = `${name}_pruned`;
  const { start, end } = utcMonth(month);
  return db.transaction().execute(async (trx) => {
    await sql`set local lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(trx);
    await sql`lock table ${ident(table)} in access exclusive mode`.execute(trx);
    if (!(await relationExists(trx, name))) return { outcome: 'absent', kept: 0 };
    await sql`create table ${ident(rebuilt)} (like ${ident(table)} including defaults)`.execute(trx);
    const { rows } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(trx);
    const columns = sql.join(rows.map((r) => ident(r.name)));
    const copied = await sql`insert into ${ident(rebuilt)} (${columns})
      select ${columns} from ${ident(name)} where ${keep}`.execute(trx);
    const kept = Number(copied.numAffectedRows ?? 0);
    await sql`drop table ${ident(name)}`.execute(trx);
    if (kept === 0) {
      await sql`drop table ${ident(rebuilt)}`.execute(trx);
      return { outcome: 'dropped', kept };
    }
    await sql`alter table ${ident(rebuilt)} rename to ${ident(name)}`.execute(trx);
    await sql`alter table ${ident(table)} attach partition ${ident(name)}
      for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(trx);
    return { outcome: 'rebuilt', kept };
  });
}
