import { createRequire } from 'node:module';
import type * as WorkerThreads from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { SQLITE_CHECKPOINT_PAGES, SQLITE_PRAGMAS } from '../db/connection.js';
import type { IngestBatch } from './ingest.repository.js';
import {
  createBatchWriter,
  type PackedBatch,
  packBatch,
  packedBuffers,
  SQLITE_INGEST_SQL,
  type SqliteIngestSql,
} from './sqlite-batch-writer.js';

interface WriterSetup {
  /** Path of the better-sqlite3 module, resolved here so the thread loads the same one. */
  driver: string;
  file: string;
  pragmas: readonly string[];
  sql: SqliteIngestSql;
}

type WriteRequest = { id: number; batch: PackedBatch } | 'close';

interface WriteReply {
  id: number;
  error: string | null;
}

/**
 * The writer thread's body. It runs from its source text, so it requires what it needs and gets
 * the batch writer as an argument; it must not refer to anything else in this module.
 */
function writerThreadMain(createWriter: typeof createBatchWriter): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- a thread started from source text is a CommonJS script */
  const threads = require('node:worker_threads') as typeof WorkerThreads;
  const parentPort = threads.parentPort;
  const setup = threads.workerData as WriterSetup;
  const Database = require(setup.driver) as typeof SqliteDatabase;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sqlite = new Database(setup.file);
  for (const pragma of setup.pragmas) sqlite.pragma(pragma);
  const write = createWriter(sqlite, setup.sql);
  parentPort?.on('message', (request: WriteRequest) => {
    if (request === 'close') {
      sqlite.close();
      parentPort.close();
      return;
    }
    let error: string | null = null;
    try {
      write(request.batch);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    parentPort.postMessage({ id: request.id, error } satisfies WriteReply);
  });
}

// `__name` is what a transpiler that keeps function names inserts (Vitest runs the TypeScript
// sources through one); the thread has no such helper of its own.
const WRITER_SOURCE = `const __name = (fn) => fn;
${createBatchWriter.toString()}
(${writerThreadMain.toString()})(${createBatchWriter.name});`;

/**
 * Writes ingest batches to a SQLite file from a thread of its own, on a connection of its own, so
 * SQLite's work (about half of the gateway's time at full load) runs beside the event loop that
 * parses packets and answers stations. WAL mode lets the thread write while the server's own
 * connection reads; the two connections' writes wait for each other through busy_timeout.
 * A batch's promise settles after its transaction has committed or rolled back. If the thread
 * dies, its pending batches fail (their stations resend) and the next batch starts a new thread.
 */
export class SqliteWriterThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  private nextId = 1;
  private closed = false;

  /** The thread starts at once: the first station's packet would otherwise wait for it to boot (tens of ms). */
  constructor(private readonly file: string) {
    this.thread();
  }

  write(batch: IngestBatch): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the SQLite writer thread is closed'));
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const packed = packBatch(batch);
      this.thread().postMessage({ id, batch: packed } satisfies WriteRequest, packedBuffers(packed));
    });
  }

  /** Lets the batches already sent finish, then ends the thread and its connection. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close' satisfies WriteRequest);
    await exited;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const setup: WriterSetup = {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file: this.file,
      pragmas: [...SQLITE_PRAGMAS, `wal_autocheckpoint = ${SQLITE_CHECKPOINT_PAGES.writer}`],
      sql: SQLITE_INGEST_SQL,
    };
    const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: setup });
    worker.unref();
    worker.on('message', (reply: WriteReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error === null) waiting?.resolve();
      else waiting?.reject(new Error(reply.error));
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => this.fail(worker, new Error(`the SQLite writer thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private fail(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}
