import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Data audit (issue 19): every audit of a stored value is a record (data_audits), and the state the newest
 * record in force left is laid over the value in measurements (audit_state, and audit_value for a replaced or
 * recomputed value), so that reports read it in the same row. The station's value itself is never changed.
 * On PostgreSQL measurements is partitioned: columns added to the parent reach every partition.
 */
export function dataAudit(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('data_audits'))
        .addColumn('batch_id', 'integer', notNull)
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('kind', 'text', notNull)
        .addColumn('factor_code', 'text', notNull)
        .addColumn('data_time', 'bigint', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('reason', 'text')
        .addColumn('remark', 'text')
        .addColumn('station_value', 'double precision')
        .addColumn('old_state', 'text')
        .addColumn('old_value', 'double precision')
        .addColumn('new_state', 'text', notNull)
        .addColumn('new_value', 'double precision')
        .addColumn('created_by', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('revoked_by', 'text')
        .addColumn('revoke_time', 'bigint')
        .execute();
      // A value's trail, and the record in force on it: one range of this key.
      await db.schema
        .createIndex('data_audits_value_idx')
        .on('data_audits')
        .columns(['device_id', 'kind', 'factor_code', 'data_time', 'id'])
        .execute();
      await db.schema.createIndex('data_audits_batch_idx').on('data_audits').column('batch_id').execute();
      await db.schema.alterTable('measurements').addColumn('audit_state', 'text').execute();
      await db.schema.alterTable('measurements').addColumn('audit_value', 'double precision').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('measurements').dropColumn('audit_value').execute();
      await db.schema.alterTable('measurements').dropColumn('audit_state').execute();
      await db.schema.dropTable('data_audits').execute();
    },
  };
}
