import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Data rules (issue 19, Settings › regular): per device × factor rules the ingest applies to a station's values
 * (one per symbol; the parameters the symbol reads, the others null), and measurements.station_value, the
 * station's own value where a rule changed it (null where the stored value is the station's). On PostgreSQL
 * measurements is partitioned: a column added to the parent reaches every partition.
 */
export function dataRules(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('data_rules'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('factor_code', 'text', notNull)
        .addColumn('symbol', 'text', notNull)
        .addColumn('k', real)
        .addColumn('b', real)
        .addColumn('from_unit', 'text')
        .addColumn('to_unit', 'text')
        .addColumn('mode', 'text')
        .addColumn('limit_value', real)
        .addColumn('fixed_value', real)
        .addColumn('decimals', 'integer')
        .addColumn('remark', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .addUniqueConstraint('data_rules_key', ['device_id', 'factor_code', 'symbol'])
        .execute();
      await db.schema.alterTable('measurements').addColumn('station_value', real).execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('measurements').dropColumn('station_value').execute();
      await db.schema.dropTable('data_rules').execute();
    },
  };
}
