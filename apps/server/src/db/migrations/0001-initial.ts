import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

export function initial(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('users'))
        .addColumn('user_name', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('nack_name', 'text')
        .addColumn('avatar', 'text')
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('if_valid', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .execute();

      await withId(dialect, db.schema.createTable('roles'))
        .addColumn('role_name', 'text', (c) => c.notNull().unique())
        .addColumn('remark', 'text')
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('create_time', 'bigint', notNull)
        .execute();

      await withId(dialect, db.schema.createTable('resources'))
        .addColumn('res_code', 'text', (c) => c.notNull().unique())
        .addColumn('res_name', 'text', notNull)
        .addColumn('res_name_en', 'text')
        .addColumn('res_url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('parent_res_id', 'integer', (c) => c.references('resources.id'))
        .addColumn('iconfont', 'text')
        .addColumn('module', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('child_module', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('res_type', 'integer', notNull)
        .addColumn('action', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('role_resources')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_resources_pk', ['role_id', 'resource_id'])
        .execute();

      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
        .execute();

      await db.schema
        .createTable('user_devices')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_code', 'text', notNull)
        .addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_code'])
        .execute();

      await withId(dialect, db.schema.createTable('sessions'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await withId(dialect, db.schema.createTable('login_failures'))
        .addColumn('user_name', 'text', notNull)
        .addColumn('failed_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('login_failures_name_idx')
        .on('login_failures')
        .columns(['user_name', 'failed_at'])
        .execute();

      await withId(dialect, db.schema.createTable('dictionary'))
        .addColumn('table_name', 'text', notNull)
        .addColumn('column_name', 'text', notNull)
        .addColumn('value', 'text', notNull)
        .addColumn('label', 'text', notNull)
        .addColumn('label_en', 'text')
        .addColumn('color', 'text')
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'text')
        .addUniqueConstraint('dictionary_entry_uq', ['table_name', 'column_name', 'value'])
        .execute();

      // No foreign key to users: the audit trail outlives the accounts it mentions.
      await withId(dialect, db.schema.createTable('operation_logs'))
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'text')
        .addColumn('method', 'text', notNull)
        .addColumn('url', 'text', notNull)
        .addColumn('params', 'text')
        .addColumn('status', 'integer', notNull)
        .addColumn('result', 'text')
        .addColumn('ip', 'text')
        .addColumn('duration_ms', 'integer', notNull)
        .addColumn('create_time', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('operation_logs_time_idx').on('operation_logs').column('create_time').execute();

      await withId(dialect, db.schema.createTable('deploy_classify'))
        .addColumn('deploy_name', 'text', notNull)
        .addColumn('deploy_name_en', 'text')
        .addColumn('deploy_type', 'integer', notNull)
        .addColumn('create_time', 'bigint', notNull)
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'deploy_classify',
        'operation_logs',
        'dictionary',
        'login_failures',
        'sessions',
        'user_devices',
        'user_roles',
        'role_resources',
        'resources',
        'roles',
        'users',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
