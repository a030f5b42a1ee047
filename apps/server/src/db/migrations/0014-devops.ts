import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Settings › DevOps: maintenance records of the stations, and their attachments. The files live in the
 * database (blob / bytea), so every server process and both dialects see them without a shared disk.
 */
export function devops(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('devops_records'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('kind', 'text', notNull)
        .addColumn('start_time', 'bigint', notNull)
        .addColumn('end_time', 'bigint')
        .addColumn('maintainer', 'text', notNull)
        .addColumn('content', 'text', notNull)
        .addColumn('created_by', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('devops_records_device_idx')
        .on('devops_records')
        .columns(['device_id', 'start_time'])
        .execute();
      await db.schema.createIndex('devops_records_start_idx').on('devops_records').column('start_time').execute();
      await withId(dialect, db.schema.createTable('devops_files'))
        .addColumn('record_id', 'integer', (c) => c.notNull().references('devops_records.id').onDelete('cascade'))
        .addColumn('file_name', 'text', notNull)
        .addColumn('mime_type', 'text', notNull)
        .addColumn('size', 'integer', notNull)
        .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
        .addColumn('create_time', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('devops_files_record_idx').on('devops_files').column('record_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('devops_files').execute();
      await db.schema.dropTable('devops_records').execute();
    },
  };
}
