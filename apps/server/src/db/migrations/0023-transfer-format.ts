import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Data forwarding to upstream platforms (issue 20, Settings › transfer format): the upstreams; per upstream × device
 * the MN and password used there and what is sent; the durable forward queue (what to send, in order, and how far
 * it got: an upload is named by kind and data time, its values are read when it is sent); and the forwarding status
 * per upstream × device.
 */
export function transferFormat(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('upstreams'))
        .addColumn('name', 'text', notNull)
        .addColumn('host', 'text', notNull)
        .addColumn('port', 'integer', notNull)
        .addColumn('protocol', 'text', notNull)
        .addColumn('st', 'text', notNull)
        .addColumn('password', 'text', notNull)
        .addColumn('ack_required', 'integer', notNull)
        .addColumn('over_time_seconds', 'integer', notNull)
        .addColumn('re_count', 'integer', notNull)
        .addColumn('enabled', 'integer', notNull)
        .addColumn('remark', 'text')
        .addColumn('created_by', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .execute();

      await withId(dialect, db.schema.createTable('upstream_devices'))
        .addColumn('upstream_id', 'integer', (c) => c.notNull().references('upstreams.id').onDelete('cascade'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('upstream_mn', 'text', notNull)
        .addColumn('upstream_password', 'text', notNull)
        // JSON: the CNs forwarded, and the factor map (our code → theirs, ratio, decimals).
        .addColumn('cns', 'text', notNull)
        .addColumn('factors', 'text', notNull)
        .addColumn('value_source', 'text', notNull)
        .addColumn('from_time', 'bigint')
        .addColumn('enabled', 'integer', notNull)
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .addUniqueConstraint('upstream_devices_device', ['upstream_id', 'device_id'])
        .addUniqueConstraint('upstream_devices_mn', ['upstream_id', 'upstream_mn'])
        .execute();
      await db.schema.createIndex('upstream_devices_device_idx').on('upstream_devices').column('device_id').execute();

      // Sent in id order per upstream device; acknowledged rows are deleted, so the table holds only the backlog.
      await withId(dialect, db.schema.createTable('forward_queue'))
        .addColumn('upstream_device_id', 'integer', (c) =>
          c.notNull().references('upstream_devices.id').onDelete('cascade'),
        )
        .addColumn('cn', 'text', notNull)
        .addColumn('data_time', 'bigint', notNull)
        .addColumn('enqueue_time', 'bigint', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('qn', 'text')
        .addColumn('send_time', 'bigint')
        .addUniqueConstraint('forward_queue_key', ['upstream_device_id', 'cn', 'data_time'])
        .execute();
      await db.schema
        .createIndex('forward_queue_order_idx')
        .on('forward_queue')
        .columns(['upstream_device_id', 'id'])
        .execute();

      await db.schema
        .createTable('forward_status')
        .addColumn('upstream_device_id', 'integer', (c) =>
          c.primaryKey().references('upstream_devices.id').onDelete('cascade'),
        )
        .addColumn('connected', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('acknowledged', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('dropped', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('last_error_time', 'bigint')
        .addColumn('last_send_time', 'bigint')
        .addColumn('last_ack_time', 'bigint')
        .addColumn('last_data_time', 'bigint')
        .addColumn('node_id', 'text')
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['forward_status', 'forward_queue', 'upstream_devices', 'upstreams']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
