import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import type { AnyDb } from './builders.js';

/**
 * The history query (issue 6): one station × factor over a range. The primary key orders a station's rows
 * by (kind, data time, factor), so one factor's year walked every factor's rows; this index puts the factor
 * before the time, and carries the value so a chart's read (data time, value) is answered from the index
 * alone (SQLite: a trailing column; PostgreSQL: INCLUDE, for index-only scans).
 */
export function historyIndexes(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time) include (value)`.execute(
          db,
        );
      } else {
        await sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time, value)`.execute(
          db,
        );
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('measurements_history_idx').execute();
    },
  };
}
