import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Sign-in throttle keyed by user name and address, counted atomically (one upsert per attempt), in place of
 * one row per failure counted by user name alone.
 */
export function loginThrottle(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.dropTable('login_failures').execute();
      await withId(dialect, db.schema.createTable('login_throttle'))
        .addColumn('user_name', 'text', notNull)
        .addColumn('address', 'text', notNull)
        .addColumn('failures', 'integer', notNull)
        .addColumn('last_attempt_at', 'bigint', notNull)
        .addColumn('blocked_until', 'bigint', notNull)
        .addColumn('last_success_at', 'bigint')
        .addUniqueConstraint('login_throttle_key_uq', ['user_name', 'address'])
        .execute();
      await db.schema
        .createIndex('login_throttle_attempt_idx')
        .on('login_throttle')
        .column('last_attempt_at')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('login_throttle').execute();
      await withId(dialect, db.schema.createTable('login_failures'))
        .addColumn('user_name', 'text', notNull)
        .addColumn('failed_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('login_failures_name_idx')
        .on('login_failures')
        .columns(['user_name', 'failed_at'])
        .execute();
    },
  };
}
