import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Alarms (issue 5): thresholds per device × factor (× overflow type, 0 for none so the unique key
 * holds on both dialects, where NULLs never collide), surface-water class limits (GB 3838-2002),
 * alarm strategies per device × alarm type, alarms with their history, and the work-order trail.
 * One active alarm per device × factor × type × overflow type: `active_key` names that tuple while
 * the alarm is active and is NULL once it ends; a unique index on it allows any number of NULLs on
 * SQLite and PostgreSQL alike.
 */
export function alarms(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('surface_water_limits'))
        .addColumn('factor_code', 'text', (c) => c.notNull().unique())
        .addColumn('class1', real)
        .addColumn('class2', real)
        .addColumn('class3', real)
        .addColumn('class4', real)
        .addColumn('class5', real)
        .addColumn('range_min', real)
        .addColumn('range_max', real)
        .execute();

      await withId(dialect, db.schema.createTable('thresholds'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        // A deleted factor takes its thresholds along (the factor screen knows nothing of thresholds).
        .addColumn('factor_code', 'text', (c) => c.notNull().references('factors.factor_code').onDelete('cascade'))
        .addColumn('overflow_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('operator', 'integer', notNull)
        .addColumn('limit1', real)
        .addColumn('limit2', real)
        .addColumn('limit_id', 'integer', (c) => c.references('surface_water_limits.id').onDelete('set null'))
        .addColumn('alarm_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('update_time', 'bigint', notNull)
        .addUniqueConstraint('thresholds_device_factor_overflow_uq', ['device_id', 'factor_code', 'overflow_type'])
        .execute();

      await withId(dialect, db.schema.createTable('alarm_strategies'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('alarm_type', 'integer', notNull)
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('alarm_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('consecutive_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('recovery_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('repeat_interval_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('update_time', 'bigint', notNull)
        .addUniqueConstraint('alarm_strategies_device_type_uq', ['device_id', 'alarm_type'])
        .execute();

      await withId(dialect, db.schema.createTable('alarms'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('factor_code', 'text')
        .addColumn('alarm_type', 'integer', notNull)
        .addColumn('overflow_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('alarm_level', 'integer', notNull)
        .addColumn('alarm_value', real)
        .addColumn('standard_value', 'text')
        .addColumn('symbol', 'integer')
        .addColumn('begin_date', 'bigint', notNull)
        .addColumn('last_date', 'bigint', notNull)
        .addColumn('end_date', 'bigint')
        .addColumn('count', 'integer', notNull)
        .addColumn('active', 'integer', notNull)
        .addColumn('active_key', 'text', (c) => c.unique())
        .addColumn('order_status', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('alarms_device_begin_idx')
        .on('alarms')
        .columns(['device_id', 'begin_date'])
        .execute();
      await db.schema.createIndex('alarms_begin_idx').on('alarms').column('begin_date').execute();

      await withId(dialect, db.schema.createTable('work_order_events'))
        .addColumn('alarm_id', 'integer', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
        .addColumn('from_status', 'integer', notNull)
        .addColumn('to_status', 'integer', notNull)
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'text')
        .addColumn('comment', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('work_order_events_alarm_idx').on('work_order_events').column('alarm_id').execute();
    },
    async down(db: AnyDb) {
      for (const table of ['work_order_events', 'alarms', 'alarm_strategies', 'thresholds', 'surface_water_limits']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
