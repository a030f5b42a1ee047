import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { type DatabaseHandle, openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations/index.js';

export interface WrittenSqliteFile {
  /** The server's side: a migrated database file. */
  handle: DatabaseHandle;
  /** Another connection to the file, to hold the write lock as the ingest writer thread does for each batch. */
  writer: SqliteDatabase.Database;
  close(): Promise<void>;
}

/** A migrated SQLite file in a directory of its own and a second connection to it (whatever TEST_DATABASE_URL says). */
export async function sqliteFileWithWriter(): Promise<WrittenSqliteFile> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-sqlite-writer-'));
  const file = join(dir, 'envmon.db');
  const handle = openDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(handle.db, 'sqlite');
  const writer = new SqliteDatabase(file);
  return {
    handle,
    writer,
    close: async () => {
      if (writer.inTransaction) writer.exec('rollback');
      writer.close();
      await handle.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The longest time between turns of the event loop over the next `ms` milliseconds, timed with 1 ms timers: a
 * statement sleeping in SQLite's busy handler (5 s at most) shows as one long gap.
 */
export async function longestEventLoopGap(ms: number): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const until = last + ms;
  while (performance.now() < until) {
    await sleep(1);
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }
  return longest;
}
