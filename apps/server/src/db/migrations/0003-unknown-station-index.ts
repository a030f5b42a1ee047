import { type Migration, sql } from 'kysely';
import type { AnyDb } from './builders.js';

/**
 * Packets of known stations are found through (device_id, received_at); the MN index is needed
 * only for packets no device claimed, so it is partial — it costs nothing per accepted upload.
 */
export function unknownStationIndex(): Migration {
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
