import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Cameras attached to devices (issue 6, settings 'video ys'): an HLS address to play in the browser, an
 * enabled switch and the policy policySet edits — who sees it (scope / bound) and a play-time limit.
 */
export function cameras(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('cameras'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('hls_url', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('scope'))
        .addColumn('max_play_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('cameras_device_idx').on('cameras').column('device_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('cameras').execute();
    },
  };
}
