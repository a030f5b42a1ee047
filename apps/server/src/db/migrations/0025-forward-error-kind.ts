import type { Migration } from 'kysely';
import type { AnyDb } from './builders.js';

/**
 * The kind of a forwarding status's last error (issue 20: unreachable, closed, timeout, refused, paused, request),
 * so the screen says it in the reader's language; `last_error` keeps the detail. Rows from before stay null: the
 * screen then shows their text as it is.
 */
export function forwardErrorKind(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('forward_status').addColumn('last_error_kind', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('forward_status').dropColumn('last_error_kind').execute();
    },
  };
}
