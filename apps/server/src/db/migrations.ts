import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import { ROLLUP_AGGREGATES } from '../ingest/ingest.repository.js';
import type { Dialect } from './connection.js';
import type { Database } from './schema.js';

/**
 * Migrations in code, written once for SQLite and PostgreSQL with Kysely's schema builder.
 * Only the auto-increment key differs between the two; every other type is common ground:
 * text, integer, and bigint (SQLite gives any *INT* type integer affinity).
 */
type AnyDb = Kysely<unknown>;

function withId<T extends string>(
  dialect: Dialect,
  builder: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

function initial(dialect: Dialect): Migration {
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

/**
 * Station data (issue 3): devices as stations know them (MN = deviceCode), the factor catalogue
 * with its quality parameters, every received packet, measurements, latest values, online state.
 * Doubles are `double precision`, which SQLite reads as REAL.
 */
function stationData(dialect: Dialect): Migration {
  const real = 'double precision';
  // Rows stored in their primary key's order, with no separate rowid tree to maintain on every write.
  const clusteredOnSqlite = <T extends string, C extends string>(b: CreateTableBuilder<T, C>) =>
    dialect === 'sqlite' ? b.modifyEnd(sql`without rowid`) : b;
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('devices'))
        .addColumn('device_name', 'text', notNull)
        .addColumn('device_code', 'text', (c) => c.notNull().unique())
        .addColumn('device_type', 'text', notNull)
        .addColumn('password', 'text')
        .addColumn('interval_time', 'integer', (c) => c.notNull().defaultTo(60))
        .addColumn('utc_offset_minutes', 'integer', (c) => c.notNull().defaultTo(480))
        .addColumn('accept_modbus_crc', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('project_id', 'integer', (c) => c.references('deploy_classify.id').onDelete('set null'))
        .addColumn('lng', real)
        .addColumn('lat', real)
        .addColumn('install_name', 'text')
        .addColumn('install_date', 'bigint')
        .addColumn('install_address', 'text')
        .addColumn('install_pic_id', 'text')
        .addColumn('install_photo', 'text')
        .addColumn('contact_company', 'text')
        .addColumn('contact_person', 'text')
        .addColumn('contact_phone', 'text')
        .addColumn('maintain_id', 'integer')
        .addColumn('weather', 'text')
        .addColumn('if_valid', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('remark', 'text')
        .addColumn('preserve02', 'text')
        .addColumn('preserve03', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .execute();

      await db.schema
        .createTable('factors')
        .addColumn('factor_code', 'text', (c) => c.primaryKey())
        .addColumn('factor_name', 'text', notNull)
        .addColumn('factor_name_en', 'text', notNull)
        .addColumn('legacy_code', 'text')
        .addColumn('kind', 'text', notNull)
        .addColumn('unit', 'text')
        .addColumn('decimals', 'integer')
        .addColumn('range_min', real)
        .addColumn('range_max', real)
        .addColumn('zero_is_suspect', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('constant_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rise_ratio', real)
        .addColumn('drop_ratio', real)
        .addColumn('outlier_min', real)
        .addColumn('outlier_max', real)
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(dialect, db.schema.createTable('original_packets'))
        .addColumn('received_at', 'bigint', notNull)
        .addColumn('remote', 'text', notNull)
        .addColumn('device_id', 'integer')
        .addColumn('mn', 'text')
        .addColumn('cn', 'text')
        .addColumn('qn', 'text')
        .addColumn('data_time', 'bigint')
        .addColumn('raw', 'text', notNull)
        .addColumn('accepted', 'integer', notNull)
        .addColumn('reason', 'text')
        .execute();
      await db.schema
        .createIndex('original_packets_device_idx')
        .on('original_packets')
        .columns(['device_id', 'received_at'])
        .execute();
      await db.schema
        .createIndex('original_packets_mn_idx')
        .on('original_packets')
        .columns(['mn', 'received_at'])
        .execute();

      await db.schema
        .createTable('measurements')
        .addColumn('device_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('data_time', 'bigint', notNull)
        .addColumn('factor_code', 'text', notNull)
        .addColumn('value', real)
        .addColumn('min', real)
        .addColumn('max', real)
        .addColumn('cou', real)
        .addColumn('flag', 'text')
        .addColumn('quality', 'text', notNull)
        .addColumn('received_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('measurements_pk', ['device_id', 'kind', 'data_time', 'factor_code'])
        .$call(clusteredOnSqlite)
        .execute();

      await db.schema
        .createTable('latest_values')
        .addColumn('device_id', 'integer', notNull)
        .addColumn('factor_code', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('data_time', 'bigint', notNull)
        .addColumn('value', real)
        .addColumn('flag', 'text')
        .addColumn('quality', 'text', notNull)
        .addColumn('received_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('latest_values_pk', ['device_id', 'factor_code'])
        .$call(clusteredOnSqlite)
        .execute();

      await db.schema
        .createTable('device_status')
        .addColumn('device_id', 'integer', (c) => c.primaryKey())
        .addColumn('online', 'integer', notNull)
        .addColumn('changed_at', 'bigint', notNull)
        .addColumn('last_packet_at', 'bigint')
        .addColumn('remote', 'text')
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'device_status',
        'latest_values',
        'measurements',
        'original_packets',
        'factors',
        'devices',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

/**
 * Packets of known stations are found through (device_id, received_at); the MN index is needed
 * only for packets no device claimed, so it is partial — it costs nothing per accepted upload.
 */
function unknownStationIndex(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.dropIndex('original_packets_mn_idx').execute();
      await sql`create index original_packets_unknown_mn_idx on original_packets (mn, received_at) where device_id is null`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('original_packets_unknown_mn_idx').execute();
      await db.schema
        .createIndex('original_packets_mn_idx')
        .on('original_packets')
        .columns(['mn', 'received_at'])
        .execute();
    },
  };
}

/**
 * The device panel (issue 4): device groupings, virtual devices and each device's monitor factors.
 * device_deploy carries the group's type so that a device sits in at most one group per type;
 * devices.project_id (the type-1 group) is copied into it, and the services keep the two in step.
 */
function devicePanel(dialect: Dialect): Migration {
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

/**
 * Alarms (issue 5): thresholds per device × factor (× overflow type, 0 for none so the unique key
 * holds on both dialects, where NULLs never collide), surface-water class limits (GB 3838-2002),
 * alarm strategies per device × alarm type, alarms with their history, and the work-order trail.
 * One active alarm per device × factor × type × overflow type: `active_key` names that tuple while
 * the alarm is active and is NULL once it ends; a unique index on it allows any number of NULLs on
 * SQLite and PostgreSQL alike.
 */
function alarms(dialect: Dialect): Migration {
  const real = 'double precision';
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('surface_water_limits'))
        .addColumn('factor_code', 'text', (c) => c.notNull().unique())
        .addColumn('class1', real)
        .addColumn('class2', real)
        .addColumn('class3', real)
        .addColumn('class4', real)
        .addColumn('class5', real)
        .addColumn('range_min', real)
        .addColumn('range_max', real)
        .execute();

      await withId(dialect, db.schema.createTable('thresholds'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        // A deleted factor takes its thresholds along (the factor screen knows nothing of thresholds).
        .addColumn('factor_code', 'text', (c) => c.notNull().references('factors.factor_code').onDelete('cascade'))
        .addColumn('overflow_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('operator', 'integer', notNull)
        .addColumn('limit1', real)
        .addColumn('limit2', real)
        .addColumn('limit_id', 'integer', (c) => c.references('surface_water_limits.id').onDelete('set null'))
        .addColumn('alarm_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('update_time', 'bigint', notNull)
        .addUniqueConstraint('thresholds_device_factor_overflow_uq', ['device_id', 'factor_code', 'overflow_type'])
        .execute();

      await withId(dialect, db.schema.createTable('alarm_strategies'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('alarm_type', 'integer', notNull)
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('alarm_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('consecutive_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('recovery_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('repeat_interval_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('update_time', 'bigint', notNull)
        .addUniqueConstraint('alarm_strategies_device_type_uq', ['device_id', 'alarm_type'])
        .execute();

      await withId(dialect, db.schema.createTable('alarms'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
        .addColumn('factor_code', 'text')
        .addColumn('alarm_type', 'integer', notNull)
        .addColumn('overflow_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('alarm_level', 'integer', notNull)
        .addColumn('alarm_value', real)
        .addColumn('standard_value', 'text')
        .addColumn('symbol', 'integer')
        .addColumn('begin_date', 'bigint', notNull)
        .addColumn('last_date', 'bigint', notNull)
        .addColumn('end_date', 'bigint')
        .addColumn('count', 'integer', notNull)
        .addColumn('active', 'integer', notNull)
        .addColumn('active_key', 'text', (c) => c.unique())
        .addColumn('order_status', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('alarms_device_begin_idx')
        .on('alarms')
        .columns(['device_id', 'begin_date'])
        .execute();
      await db.schema.createIndex('alarms_begin_idx').on('alarms').column('begin_date').execute();

      await withId(dialect, db.schema.createTable('work_order_events'))
        .addColumn('alarm_id', 'integer', (c) => c.notNull().references('alarms.id').onDelete('cascade'))
        .addColumn('from_status', 'integer', notNull)
        .addColumn('to_status', 'integer', notNull)
        .addColumn('user_id', 'integer')
        .addColumn('user_name', 'text')
        .addColumn('comment', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('work_order_events_alarm_idx').on('work_order_events').column('alarm_id').execute();
    },
    async down(db: AnyDb) {
      for (const table of ['work_order_events', 'alarms', 'alarm_strategies', 'thresholds', 'surface_water_limits']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}

/**
 * WeChat alarm settings (issue 5): one row (id 1) for the platform's one webhook. Lists are JSON
 * text. The pending dynamic code is kept as a SHA-256 hash with the URL it was sent to and its expiry.
 */
function wxAlarm(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('wx_alarm_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('webhook_url', 'text')
        .addColumn('alarm_types', 'text', notNull)
        .addColumn('lowest_level', 'integer', notNull)
        .addColumn('mentioned_user_ids', 'text', notNull)
        .addColumn('mentioned_mobiles', 'text', notNull)
        .addColumn('digest_count', 'integer', notNull)
        .addColumn('digest_window_seconds', 'integer', notNull)
        .addColumn('language', 'text', notNull)
        .addColumn('code_hash', 'text')
        .addColumn('code_url', 'text')
        .addColumn('code_expires', 'bigint')
        .addColumn('update_time', 'bigint')
        .execute();
      // Off until someone configures it: a fresh install (and every test app) sends nothing.
      await sql`insert into wx_alarm_settings
        (id, enabled, alarm_types, lowest_level, mentioned_user_ids, mentioned_mobiles, digest_count, digest_window_seconds, language)
        values (1, 0, '[1,2,3,4,5]', 3, '[]', '[]', 5, 60, 'zh-CN')`.execute(db);
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('wx_alarm_settings').execute();
    },
  };
}

/**
 * Cameras attached to devices (issue 6, settings 'video ys'): an HLS address to play in the browser, an
 * enabled switch and the policy policySet edits — who sees it (scope / bound) and a play-time limit.
 */
function cameras(dialect: Dialect): Migration {
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

/** Reports (issue 6): a factor's category in the catalogue ('isotope' marks radionuclides for the isotope report). */
function factorCategory(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('factors').addColumn('category', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('factors').dropColumn('category').execute();
    },
  };
}

/**
 * The history query (issue 6): one station × factor over a range. The primary key orders a station's rows
 * by (kind, data time, factor), so one factor's year walked every factor's rows; this index puts the factor
 * before the time, and carries the value so a chart's read (data time, value) is answered from the index
 * alone (SQLite: a trailing column; PostgreSQL: INCLUDE, for index-only scans).
 */
function historyIndexes(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time) include (value)`.execute(
          db,
        );
      } else {
        await sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time, value)`.execute(
          db,
        );
      }
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('measurements_history_idx').execute();
    },
  };
}

/**
 * Month and year values were averaged over every day value, fault days included; they now come from the
 * valid days only (ROLLUP_AGGREGATES). Each stored month and year is recomputed from its days, in its
 * station's calendar. Nothing to undo: the old averages are not kept.
 */
export function rollupsFromValidDays(): Migration {
  return {
    async up(db: AnyDb) {
      const { rows } = await sql<{
        deviceId: number;
        factorCode: string;
        kind: 'month' | 'year';
        from: number;
        offset: number;
      }>`
        select m.device_id as "deviceId", m.factor_code as "factorCode", m.kind as "kind", m.data_time as "from",
               d.utc_offset_minutes as "offset"
        from measurements m join devices d on d.id = m.device_id
        where m.kind in ('month', 'year')`.execute(db);
      for (const row of rows) {
        const from = Number(row.from);
        const offset = Number(row.offset) * 60_000;
        const local = new Date(from + offset);
        const to =
          row.kind === 'month'
            ? Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - offset
            : Date.UTC(local.getUTCFullYear() + 1, 0, 1) - offset;
        await sql`
          update measurements set (value, min, max, cou) = (
            select ${sql.raw(ROLLUP_AGGREGATES)} from measurements
            where device_id = ${row.deviceId} and factor_code = ${row.factorCode} and kind = 'day'
              and data_time >= ${from} and data_time < ${to})
          where device_id = ${row.deviceId} and factor_code = ${row.factorCode} and kind = ${row.kind}
            and data_time = ${from}`.execute(db);
      }
    },
    async down() {},
  };
}

/** pH's unit was stored as the document prints it, 'dimensionless', and shown as a unit in Chinese too: it has none. */
export function noDimensionlessUnit(): Migration {
  return {
    async up(db: AnyDb) {
      await sql`update factors set unit = null where unit = 'dimensionless'`.execute(db);
      await sql`update device_factors set unit = null where unit = 'dimensionless'`.execute(db);
    },
    async down() {},
  };
}

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({
      '0001_initial': initial(this.dialect),
      '0002_station_data': stationData(this.dialect),
      '0003_unknown_station_index': unknownStationIndex(),
      '0004_device_panel': devicePanel(this.dialect),
      '0005_alarms': alarms(this.dialect),
      '0006_wx_alarm': wxAlarm(),
      '0007_factor_category': factorCategory(),
      '0008_cameras': cameras(this.dialect),
      '0009_history_indexes': historyIndexes(this.dialect),
      '0010_rollups_from_valid_days': rollupsFromValidDays(),
      '0011_no_dimensionless_unit': noDimensionlessUnit(),
      '0012_reissue_tasks': reissueTasks(this.dialect),
      '0013_iot_cards': iotCards(this.dialect),
      '0014_devops': devops(this.dialect),
      '0015_login_throttle': loginThrottle(this.dialect),
    });
  }
}

/** Brings the schema up to date; throws with the failing migration's error. */
/** Settings › reissue: the requests for data again, one per device, with their outcome. */
function reissueTasks(dialect: Dialect): Migration {
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

/**
 * Settings › IoT card: the SIM / IoT cards stations connect through. A card number is one card and a device
 * holds one card at most (both unique; NULL device ids do not collide); deleting a device leaves its card unfitted.
 */
function iotCards(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await withId(dialect, db.schema.createTable('iot_cards'))
        .addColumn('card_no', 'text', (c) => c.notNull().unique())
        .addColumn('msisdn', 'text')
        .addColumn('operator', 'text', notNull)
        .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
        .addColumn('plan', 'text')
        .addColumn('data_limit_mb', 'integer')
        .addColumn('activate_date', 'bigint')
        .addColumn('expire_date', 'bigint')
        .addColumn('remark', 'text')
        .addColumn('create_time', 'bigint', notNull)
        .addColumn('update_time', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('iot_cards_device_idx').on('iot_cards').column('device_id').unique().execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('iot_cards').execute();
    },
  };
}

/**
 * Settings › DevOps: maintenance records of the stations, and their attachments. The files live in the
 * database (blob / bytea), so every server process and both dialects see them without a shared disk.
 */
function devops(dialect: Dialect): Migration {
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

/**
 * Sign-in throttle keyed by user name and address, counted atomically (one upsert per attempt), in place of
 * one row per failure counted by user name alone.
 */
function loginThrottle(dialect: Dialect): Migration {
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

export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  // Migrations spell snake_case names themselves, so they run without the CamelCasePlugin.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: new InCodeMigrations(dialect) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}
