import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { IngestBatch, IngestRepository } from './ingest.repository.js';
import { createBatchWriter, packBatch, type PackedBatch, SQLITE_INGEST_SQL } from './sqlite-batch-writer.js';
import { SqliteWriterThread } from './sqlite-writer-thread.js';

/**
 * The SQLite write path of the ingest pipeline: statements prepared once and run row by row in
 * one better-sqlite3 transaction per batch (building, compiling and preparing a thousand-row
 * statement through Kysely for every batch cost more than SQLite's own work; see bench/ingest.ts).
 * A database file is written from a thread of its own (SqliteWriterThread). An in-memory database
 * exists only on the server's connection, so there each batch runs on it while holding it from
 * Kysely, never inside a transaction Kysely has open.
 */
export class SqliteIngestRepository implements IngestRepository {
  /** The thread takes the next batch while one commits, so it never waits for the event loop. */
  readonly writesInFlight: number;
  private readonly thread: SqliteWriterThread | null;
  private readonly writeHere: ((batch: PackedBatch) => void) | null;

  constructor(
    private readonly db: Kysely<Database>,
    sqlite: SqliteDatabase.Database,
  ) {
    this.thread = sqlite.memory ? null : new SqliteWriterThread(sqlite.name);
    this.writeHere = sqlite.memory ? createBatchWriter(sqlite, SQLITE_INGEST_SQL) : null;
    this.writesInFlight = this.thread ? 2 : 1;
  }

  async writeBatch(batch: IngestBatch): Promise<void> {
    if (this.thread) return this.thread.write(batch);
    const write = this.writeHere;
    await this.db.connection().execute(() => {
      write?.(packBatch(batch));
      return Promise.resolve();
    });
  }

  async close(): Promise<void> {
    await this.thread?.close();
  }
}
