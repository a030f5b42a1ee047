import { type Migration, sql } from 'kysely';
import type { AnyDb } from './builders.js';

/**
 * Equipment-state uploads (2021/2041/2081) live only as original packets; forwarding them (issue 20) reads one by
 * device, CN and DataTime. Partial, so the far more numerous data packets cost nothing more to write; a query
 * must repeat the predicate word for word (SQLite matches partial indexes by the term's text).
 */
export const STATE_PACKET_PREDICATE = "cn in ('2021', '2041', '2081')";

export function statePacketIndex(): Migration {
  return {
    async up(db: AnyDb) {
      await sql`create index original_packets_state_idx on original_packets (device_id, cn, data_time) where ${sql.raw(STATE_PACKET_PREDICATE)}`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('original_packets_state_idx').execute();
    },
  };
}
