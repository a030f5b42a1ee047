import { type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/** The commands that need a dynamic code until an administrator changes the list (HJ212.md §9). */
export const DEFAULT_GUARDED_COMMANDS = ['1072', '3011', '3021', '3042', '3043', '3045', '3080', '3081', '3082'];

/**
 * Remote control of stations: the commands sent to them (counter control) with every packet exchanged and what
 * the station uploaded in answer; the parameters each station last reported beside those the platform wants; the
 * users' time-based one-time-password enrolments; and which commands need such a code.
 */
export function stationControl(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('station_commands'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('cn', 'text', notNull)
        .addColumn('cp', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('reason', 'text')
        .addColumn('qn', 'text')
        .addColumn('qn_rtn', 'integer')
        .addColumn('exe_rtn', 'integer')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('not_before', 'bigint', notNull)
        .addColumn('expire_time', 'bigint', notNull)
        .addColumn('send_time', 'bigint')
        .addColumn('finish_time', 'bigint')
        .addColumn('packets', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('dropped_packets', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('resent_from', 'integer')
        .addColumn('node_id', 'text')
        .execute();
      await db.schema
        .createIndex('station_commands_device_idx')
        .on('station_commands')
        .columns(['device_id', 'id'])
        .execute();
      await db.schema
        .createIndex('station_commands_state_idx')
        .on('station_commands')
        .columns(['state', 'id'])
        .execute();

      await withId(dialect, db.schema.createTable('device_parameters'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('name', 'text', notNull)
        .addColumn('pol_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reported_value', 'text')
        .addColumn('reported_time', 'bigint')
        .addColumn('wanted_value', 'text')
        .addColumn('wanted_time', 'bigint')
        .addColumn('command_id', 'integer')
        .addUniqueConstraint('device_parameters_key', ['device_id', 'name', 'pol_id'])
        .execute();

      await db.schema
        .createTable('totp_enrolments')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('secret', 'text', notNull)
        .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_step', 'bigint')
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('create_time', 'bigint', notNull)
        .execute();

      await db.schema
        .createTable('guarded_commands')
        .addColumn('cn', 'text', (c) => c.primaryKey())
        .execute();
      for (const cn of DEFAULT_GUARDED_COMMANDS) {
        await sql`insert into guarded_commands (cn) values (${cn})`.execute(db);
      }
    },
    async down(db: AnyDb) {
      for (const table of ['guarded_commands', 'totp_enrolments', 'device_parameters', 'station_commands']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
