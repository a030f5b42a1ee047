import type { Migration } from 'kysely';
import { type AnyDb, notNull } from './builders.js';

/**
 * What several processes must share instead of keeping in memory (issue 16): the alarm engine's streaks
 * (exceedances in a row before an alarm, and since when a condition has been fine), and which node owns
 * a station's online state and a reissue task, so that only that node's successor settles them.
 */
export function clusterState(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('alarm_streaks')
        .addColumn('subject_key', 'text', (c) => c.primaryKey())
        .addColumn('device_id', 'integer', notNull)
        .addColumn('count', 'integer', notNull)
        .addColumn('recovering_since', 'bigint')
        .execute();
      await db.schema.createIndex('alarm_streaks_device_idx').on('alarm_streaks').column('device_id').execute();
      await db.schema.alterTable('device_status').addColumn('node_id', 'text').execute();
      await db.schema.alterTable('reissue_tasks').addColumn('node_id', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('reissue_tasks').dropColumn('node_id').execute();
      await db.schema.alterTable('device_status').dropColumn('node_id').execute();
      await db.schema.dropTable('alarm_streaks').execute();
    },
  };
}
