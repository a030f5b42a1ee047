import { type CreateTableBuilder, type Migration, sql } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Station data (issue 3): devices as stations know them (MN = deviceCode), the factor catalogue
 * with its quality parameters, every received packet, measurements, latest values, online state.
 * Doubles are `double precision`, which SQLite reads as REAL.
 */
export function stationData(dialect: Dialect): Migration {
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
