import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config/config.js';
import type { Database } from './schema.js';

export type Dialect = DatabaseTarget['dialect'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The better-sqlite3 connection under `db` (SQLite only), for the ingest pipeline's hot path. */
  sqlite: SqliteDatabase.Database | null;
}

const INT8_OID = 20;

/** How long a SQLite statement waits for a lock another connection holds (the writer thread's) before it fails. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * WAL pages (4 KB) past which a commit copies the log back into the database itself — SQLite's default is 1,000.
 * The checkpointer thread (sqlite-checkpointer.ts) does that copy as the log grows; the commit that crosses the
 * limit finishes what is left, and the log starts over. The ingest writer thread's commits are the ones that
 * cross it; the server connection's limit is twice theirs, reached only without them (a script, a test), so that
 * its commits, on the event loop, do not checkpoint.
 */
export const SQLITE_CHECKPOINT_PAGES = { writer: 4000, server: 8000 };

/**
 * Every SQLite connection's settings. WAL lets readers run while a batch is written; SQLite leaves
 * foreign keys off unless asked; a connection waits up to 5 s for another's write to finish.
 */
export const SQLITE_PRAGMAS = [
  'journal_mode = WAL',
  'foreign_keys = ON',
  `busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
  `wal_autocheckpoint = ${SQLITE_CHECKPOINT_PAGES.server}`,
];

/**
 * pg returns int8 (bigint, count(*)) as strings to avoid precision loss; our int8 values are
 * epoch milliseconds and counts, far below 2^53, so they are parsed as numbers — for our pool
 * only, not pg's global parsers.
 */
function pgTypes(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8_OID, 'text', (value: string) => Number(value));
  return types;
}

/**
 * Opens the database. `onIdleError` hears of PostgreSQL connections that fail while idle in the
 * pool (a server restart, an administrator ending the session): pg emits those as events, and an
 * unheard one would end the process; the pool replaces the connection on its next checkout.
 */
export function openDatabase(target: DatabaseTarget, onIdleError?: (err: Error) => void): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, types: pgTypes() });
    pool.on('error', (err) => onIdleError?.(err));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }),
      dialect: 'postgres',
      sqlite: null,
    };
  }
  if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
  const sqlite = new SqliteDatabase(target.file);
  for (const pragma of SQLITE_PRAGMAS) sqlite.pragma(pragma);
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins }),
    dialect: 'sqlite',
    sqlite,
  };
}
