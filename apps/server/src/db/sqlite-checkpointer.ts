import { createRequire } from 'node:module';
import type * as WorkerThreads from 'node:worker_threads';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import { SQLITE_PRAGMAS } from './connection.js';

interface CheckpointerSetup {
  /** Path of the better-sqlite3 module, resolved here so the thread loads the same one. */
  driver: string;
  file: string;
  pragmas: readonly string[];
  /** Between checkpoints while the WAL grows, and while it stays as it was. */
  busyMs: number;
  idleMs: number;
}

/** Between checkpoints while writes come in: the WAL a writer's commit may find unbackfilled stays small. */
const BUSY_MS = 25;
/** Between checkpoints while nothing is written: one cheap look at the WAL's header a second. */
const IDLE_MS = 1000;

/**
 * The thread's body. It runs from its source text, so it requires what it needs and must not refer
 * to anything else in this module.
 */
function checkpointerMain(): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- a thread started from source text is a CommonJS script */
  const threads = require('node:worker_threads') as typeof WorkerThreads;
  const setup = threads.workerData as CheckpointerSetup;
  const Database = require(setup.driver) as typeof SqliteDatabase;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sqlite = new Database(setup.file);
  for (const pragma of setup.pragmas) sqlite.pragma(pragma);
  let last = '';
  let timer: NodeJS.Timeout | null = null;
  const round = (): void => {
    // [{ busy, log, checkpointed }]: frames in the WAL and frames copied back to the database.
    const state = JSON.stringify(sqlite.pragma('wal_checkpoint(PASSIVE)'));
    const changed = state !== last;
    last = state;
    timer = setTimeout(round, changed ? setup.busyMs : setup.idleMs);
  };
  threads.parentPort?.on('message', () => {
    if (timer) clearTimeout(timer);
    sqlite.close();
    threads.parentPort?.close();
  });
  round();
}

const CHECKPOINTER_SOURCE = `const __name = (fn) => fn;
(${checkpointerMain.toString()})();`;

/**
 * Copies a SQLite file's write-ahead log back into the database from a thread of its own. Left to
 * SQLite, the commit that takes the WAL past wal_autocheckpoint pages does the copy and its fsyncs
 * itself: the ingest writer thread's commits spent about as long checkpointing as writing, and a
 * commit on the server's connection (an alarm, a station going offline) could land on the event
 * loop. This thread's PASSIVE checkpoints never block a writer or a reader; they keep all but the
 * newest frames copied, so the commit that does cross the threshold finds little left and the log
 * starts over from its beginning. A checkpoint needs no copy of the rows, only the file; if the
 * thread fails, the connections' own auto-checkpoints still bound the log.
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  constructor(file: string, onError: (err: Error) => void) {
    const setup: CheckpointerSetup = {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      pragmas: SQLITE_PRAGMAS,
      busyMs: BUSY_MS,
      idleMs: IDLE_MS,
    };
    this.worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: setup });
    this.worker.unref();
    this.worker.on('error', onError);
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
  }

  /** Ends the thread and its connection (a checkpoint under way finishes first). */
  async close(): Promise<void> {
    // Held from here: an unreferenced thread would not keep a process with nothing else left waiting for its exit.
    this.worker.ref();
    this.worker.postMessage('close');
    await this.exited;
  }
}
