import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

const real = 'double precision';

/**
 * Outlier intervals (issue 19): the ABN and WN intervals per factor or device × factor, for the year or some months,
 * and the record of their re-applications to stored values. They replace the factors' and device factors' single
 * WN interval (outlier_min, outlier_max): each one set becomes an all-year interval with only its WN bounds — a
 * device factor's with the factor's bound on a side it left open, as ingest read it — and the columns go.
 */
export function outlierIntervals(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('outlier_intervals'))
        .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
        .addColumn('factor_code', 'text', notNull)
        .addColumn('months', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('abn_min', real)
        .addColumn('abn_max', real)
        .addColumn('wn_min', real)
        .addColumn('wn_max', real)
        .addColumn('remark', 'text')
        .addColumn('updated_by', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('outlier_intervals_factor_idx')
        .on('outlier_intervals')
        .columns(['factor_code', 'device_id'])
        .execute();
      await db.schema.createIndex('outlier_intervals_device_idx').on('outlier_intervals').column('device_id').execute();

      await withId(dialect, db.schema.createTable('outlier_applications'))
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('device_ids', 'text', notNull)
        .addColumn('factor_codes', 'text', notNull)
        .addColumn('kinds', 'text', notNull)
        .addColumn('begin_time', 'bigint', notNull)
        .addColumn('end_time', 'bigint', notNull)
        .addColumn('examined', 'integer', notNull)
        .addColumn('changed', 'integer', notNull)
        .execute();
      await db.schema
        .createIndex('outlier_applications_user_idx')
        .on('outlier_applications')
        .columns(['user_id', 'id'])
        .execute();

      const now = Date.now();
      await sql`
        insert into outlier_intervals (device_id, factor_code, months, wn_min, wn_max, create_time, update_time)
        select null, factor_code, '', outlier_min, outlier_max, ${now}, ${now}
        from factors where outlier_min is not null or outlier_max is not null`.execute(db);
      await sql`
        insert into outlier_intervals (device_id, factor_code, months, wn_min, wn_max, create_time, update_time)
        select d.device_id, d.factor_code, '', coalesce(d.outlier_min, f.outlier_min),
               coalesce(d.outlier_max, f.outlier_max), ${now}, ${now}
        from device_factors d left join factors f on f.factor_code = d.factor_code
        where d.outlier_min is not null or d.outlier_max is not null`.execute(db);
      for (const table of ['factors', 'device_factors']) {
        await db.schema.alterTable(table).dropColumn('outlier_min').execute();
        await db.schema.alterTable(table).dropColumn('outlier_max').execute();
      }
    },
    async down(db: AnyDb) {
      for (const table of ['factors', 'device_factors']) {
        await db.schema.alterTable(table).addColumn('outlier_min', real).execute();
        await db.schema.alterTable(table).addColumn('outlier_max', real).execute();
      }
      // What survives the way back: each all-year interval's WN bounds.
      await sql`
        update factors set
          outlier_min = (select wn_min from outlier_intervals o
                         where o.factor_code = factors.factor_code and o.device_id is null and o.months = ''),
          outlier_max = (select wn_max from outlier_intervals o
                         where o.factor_code = factors.factor_code and o.device_id is null and o.months = '')`.execute(
        db,
      );
      await sql`
        update device_factors set
          outlier_min = (select wn_min from outlier_intervals o where o.factor_code = device_factors.factor_code
                         and o.device_id = device_factors.device_id and o.months = ''),
          outlier_max = (select wn_max from outlier_intervals o where o.factor_code = device_factors.factor_code
                         and o.device_id = device_factors.device_id and o.months = '')`.execute(db);
      await db.schema.dropTable('outlier_applications').execute();
      await db.schema.dropTable('outlier_intervals').execute();
    },
  };
}
