import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * The device panel (issue 4): device groupings, virtual devices and each device's monitor factors.
 * device_deploy carries the group's type so that a device sits in at most one group per type;
 * devices.project_id (the type-1 group) is copied into it, and the services keep the two in step.
 */
export function devicePanel(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('device_deploy'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('deploy_id', 'integer', (c) => c.notNull().references('deploy_classify.id').onDelete('cascade'))
        .addColumn('deploy_type', 'integer', notNull)
        .addUniqueConstraint('device_deploy_device_group_uq', ['device_id', 'deploy_id'])
        .addUniqueConstraint('device_deploy_device_type_uq', ['device_id', 'deploy_type'])
        .execute();
      await db.schema.createIndex('device_deploy_deploy_idx').on('device_deploy').column('deploy_id').execute();
      await sql`insert into device_deploy (device_id, deploy_id, deploy_type)
        select d.id, c.id, c.deploy_type from devices d join deploy_classify c on c.id = d.project_id`.execute(db);

      await withId(dialect, db.schema.createTable('virtual_devices'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('virtual_name', 'text', notNull)
        .addColumn('virtual_code', 'text', (c) => c.notNull().unique())
        .addColumn('factor_codes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('virtual_devices_device_idx').on('virtual_devices').column('device_id').execute();

      await withId(dialect, db.schema.createTable('device_factors'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('factor_code', 'text', (c) => c.notNull().references('factors.factor_code'))
        .addColumn('unit', 'text')
        .addColumn('standard_limit', real)
        .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('range_min', real)
        .addColumn('range_max', real)
        .addColumn('zero_is_suspect', 'integer')
        .addColumn('constant_count', 'integer')
        .addColumn('rise_ratio', real)
        .addColumn('drop_ratio', real)
        .addColumn('outlier_min', real)
        .addColumn('outlier_max', real)
        .addUniqueConstraint('device_factors_device_factor_uq', ['device_id', 'factor_code'])
        .execute();
      await db.schema.createIndex('device_factors_factor_idx').on('device_factors').column('factor_code').execute();
    },
    async down(db: AnyDb) {
      for (const table of ['device_factors', 'virtual_devices', 'device_deploy']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
