import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/** Settings › reissue: the requests for data again, one per device, with their outcome. */
export function reissueTasks(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('reissue_tasks'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('mode', 'text', notNull)
        .addColumn('cn', 'text', notNull)
        .addColumn('begin_time', 'bigint', notNull)
        .addColumn('end_time', 'bigint', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('reason', 'text')
        .addColumn('missing', 'integer')
        .addColumn('requests', 'integer', notNull)
        .addColumn('stored', 'integer')
        .addColumn('expected', 'integer', notNull)
        .addColumn('created_by', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('finish_time', 'bigint')
        .execute();
      await db.schema
        .createIndex('reissue_tasks_device_idx')
        .on('reissue_tasks')
        .columns(['device_id', 'id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('reissue_tasks').execute();
    },
  };
}
