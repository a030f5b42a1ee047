import { type CreateTableBuilder, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull } from './builders.js';

/**
 * Hourly tiles of real-time and minute values (issue 22): per device × kind × factor × UTC hour, how many values
 * it holds and its lowest and highest value with their data times — as stored and as reports take it (audited) —
 * so that a long-range chart reads a few thousand tiles instead of half a million rows, and the factor-major
 * history index can leave these kinds out. measurement_tiles_dirty lists the hours whose tiles are stale: the
 * writers mark them in the transaction that changes the values (seq counts the changes), the tile builder
 * rebuilds them. Every hour holding values when this runs is marked, so the tiles build lazily.
 */
export function measurementTiles(dialect: Dialect): Migration {
  const real = 'double precision';
  const clusteredOnSqlite = <T extends string, C extends string>(b: CreateTableBuilder<T, C>) =>
    dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b;
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('measurement_tiles')
        .addColumn('device_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('factor_code', 'text', notNull)
        .addColumn('hour', 'bigint', notNull)
        .addColumn('n', 'integer', notNull)
        .addColumn('lo_time', 'bigint')
        .addColumn('lo', real)
        .addColumn('hi_time', 'bigint')
        .addColumn('hi', real)
        .addColumn('reported_lo_time', 'bigint')
        .addColumn('reported_lo', real)
        .addColumn('reported_hi_time', 'bigint')
        .addColumn('reported_hi', real)
        .addPrimaryKeyConstraint('measurement_tiles_pk', ['device_id', 'kind', 'factor_code', 'hour'])
        .$call(clusteredOnSqlite)
        .execute();
      await db.schema
        .createTable('measurement_tiles_dirty')
        .addColumn('device_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('hour', 'bigint', notNull)
        .addColumn('seq', 'integer', notNull)
        .addPrimaryKeyConstraint('measurement_tiles_dirty_pk', ['device_id', 'kind', 'hour'])
        .$call(clusteredOnSqlite)
        .execute();
      // Integer division on both databases (bigint / integer; integer / integer): the UTC hour's first instant.
      await sql`insert into measurement_tiles_dirty (device_id, kind, hour, seq)
        select distinct device_id, kind, (data_time / 3600000) * 3600000, 1 from measurements
        where kind in ('rtd', 'min')`.execute(db);
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('measurement_tiles_dirty').execute();
      await db.schema.dropTable('measurement_tiles').execute();
    },
  };
}
