// The storage layouts bench:ingest compares in one run (issue 22): the project's current one, as its migrations
// build it, and the one before the performance work, rebuilt from the current schema by the statements below.
// Until issue 22 the history index (migration 0009) held every measurement, minute and real-time values too, in
// factor-major order: ten index pages written per ten-value packet, one per factor, against one page of the
// time-major key. The current layout keeps minute and real-time values out of it (migration 0029) and charts
// their long ranges from hourly tiles instead (migration 0028). Both runs use the current code: only the index differs, so the
// previous layout's figure also pays for what the current code writes beside it (the tiles' dirty hours).
import { sql } from 'kysely';
import { parseDatabaseUrl } from '@envmon/server/dist/config/config.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';

export type StorageLayout = 'current' | 'previous';

export const LAYOUT_LABELS: Record<StorageLayout, string> = {
  previous: 'previous layout (every value in the factor-major history index)',
  current: 'current layout',
};

/** Turns a migrated database's schema back into the previous layout's (no-op for `current`). */
export async function applyLayout(url: string, layout: StorageLayout): Promise<void> {
  if (layout === 'current') return;
  const target = parseDatabaseUrl(url);
  const { db } = openDatabase(target);
  try {
    // Migration 0029's indexes: PostgreSQL's partial one under the old name, SQLite's one per kind.
    await sql`drop index if exists measurements_history_idx`.execute(db);
    for (const kind of ['hour', 'day', 'month', 'year']) {
      await sql`drop index if exists ${sql.ref(`measurements_history_${kind}_idx`)}`.execute(db);
    }
    await (target.dialect === 'postgres'
      ? sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time) include (value)`
      : sql`create index measurements_history_idx on measurements (device_id, kind, factor_code, data_time, value)`
    ).execute(db);
  } finally {
    await db.destroy();
  }
}
