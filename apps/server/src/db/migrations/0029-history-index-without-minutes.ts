import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import type { AnyDb } from './builders.js';

/** The kinds migration 0009's history index keeps after this one: the ones stations send per hour or day, and rollups. */
const INDEXED_KINDS = ['hour', 'day', 'month', 'year'] as const;

/**
 * Ingest speed (issue 22): the factor-major history index (migration 0009) took every measurement, so a ten-value
 * minute packet dirtied ten of its pages, one per factor, beside one page of the time-major key — it cost the
 * ingest about two thirds of its speed. Real-time and minute values leave it: their long-range charts read hourly
 * tiles (migration 0028), their short ranges the key. Hour, day, month and year values keep it.
 *
 * PostgreSQL proves `kind = 'hour'` implies `kind not in ('rtd', 'min')`, so one partial index serves every kind it
 * holds (an index on the partitioned table: one on each partition, present and future). SQLite uses a partial index
 * only where the query's WHERE repeats the index's own terms (a bound `kind = ?` matches `kind = 'hour'`, but does
 * not prove `kind not in (…)`), so there it becomes one partial index per kind, each with the readers' own term.
 */
export function historyIndexWithoutMinutes(dialect: Dialect): Migration {
  const sqliteName = (kind: string) => `measurements_history_${kind}_idx`;
  return {
    async up(db: AnyDb) {
      await sql`drop index measurements_history_idx`.execute(db);
      if (dialect === 'postgres') {
        await sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time)
          include (value) where kind not in ('rtd', 'min')`.execute(db);
        return;
      }
      for (const kind of INDEXED_KINDS) {
        await sql`create index ${sql.ref(sqliteName(kind))} on measurements (device_id, kind, factor_code, data_time, value)
          where kind = ${sql.lit(kind)}`.execute(db);
      }
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`drop index measurements_history_idx`.execute(db);
        await sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time)
          include (value)`.execute(db);
        return;
      }
      for (const kind of INDEXED_KINDS) await sql`drop index ${sql.ref(sqliteName(kind))}`.execute(db);
      await sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time, value)`.execute(
        db,
      );
    },
  };
}
