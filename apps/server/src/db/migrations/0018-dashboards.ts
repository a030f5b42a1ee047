import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Settings › dashboard: one configuration per user (deleted with the user) of the home page and the monitoring
 * wall. Cards, stations and factors are JSON arrays; a deleted station or project simply stops matching.
 */
export function dashboards(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('dashboards'))
        .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('project_id', 'integer', (c) => c.references('deploy_classify.id').onDelete('set null'))
        .addColumn('home_cards', 'text', notNull)
        .addColumn('wall_cards', 'text', notNull)
        .addColumn('device_ids', 'text', notNull)
        .addColumn('factor_codes', 'text', notNull)
        .addColumn('refresh_seconds', 'integer', notNull)
        .addColumn('rotate_seconds', 'integer', notNull)
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('dashboards').execute();
    },
  };
}
