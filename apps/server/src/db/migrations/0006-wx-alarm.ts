import { type Migration, sql } from 'kysely';
import { type AnyDb, notNull } from './builders.js';

/**
 * WeChat alarm settings (issue 5): one row (id 1) for the platform's one webhook. Lists are JSON
 * text. The pending dynamic code is kept as a SHA-256 hash with the URL it was sent to and its expiry.
 */
export function wxAlarm(): Migration {
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
