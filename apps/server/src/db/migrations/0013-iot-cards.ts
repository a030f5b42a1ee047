import type { Migration } from 'kysely';
import type { Dialect } from '../connection.js';
import { type AnyDb, notNull, withId } from './builders.js';

/**
 * Settings › IoT card: the SIM / IoT cards stations connect through. A card number is one card and a device
 * holds one card at most (both unique; NULL device ids do not collide); deleting a device leaves its card unfitted.
 */
export function iotCards(dialect: Dialect): Migration {
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
