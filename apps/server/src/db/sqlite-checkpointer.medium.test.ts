import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SQLITE_PRAGMAS } from './connection.js';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';

// The checkpointer on a SQLite file of its own (whatever TEST_DATABASE_URL says): a writer whose commits never
// checkpoint leaves its pages in the WAL, and only the checkpointer's thread can bring them into the database file.

const ROWS = 2000;

describe('SqliteCheckpointer', () => {
  let dir: string;
  let file: string;
  let writer: SqliteDatabase.Database;
  let checkpointer: SqliteCheckpointer | null = null;
  const errors: Error[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'envmon-checkpointer-'));
    file = join(dir, 'data.db');
    writer = new SqliteDatabase(file);
    for (const pragma of SQLITE_PRAGMAS) writer.pragma(pragma);
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('create table t (id integer primary key, text text not null)');
  });

  afterEach(async () => {
    await checkpointer?.close();
    checkpointer = null;
    writer.close();
    rmSync(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  const fill = () => {
    const insert = writer.prepare('insert into t (text) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < ROWS; i++) insert.run('x'.repeat(500));
    })();
  };

  /** Waits up to 5 s for the database file (not its WAL) to hold the rows. */
  async function databaseFileHolds(bytes: number): Promise<boolean> {
    for (let waited = 0; waited < 5000; waited += 25) {
      if (statSync(file).size >= bytes) return true;
      await sleep(25);
    }
    return false;
  }

  it('copies committed pages into the database file from its own thread, and the log then starts over', async () => {
    fill();
    // Nothing has copied them yet: the rows are in the WAL only.
    expect(statSync(file).size).toBeLessThan(100_000);
    checkpointer = new SqliteCheckpointer(file, (err) => errors.push(err));
    expect(await databaseFileHolds(ROWS * 500)).toBe(true);
    expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: ROWS });

    // Everything copied: the next write begins the log at its start, so the WAL stays as small as its last writes.
    for (let waited = 0; waited < 5000; waited += 25) {
      const [state] = writer.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      if (state && state.log === state.checkpointed) break;
      await sleep(25);
    }
    writer.prepare('insert into t (text) values (?)').run('after');
    const [after] = writer.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
    expect(after?.log).toBeLessThan(10);
  });

  it('keeps up with writes that come after it started, and stops when closed', async () => {
    checkpointer = new SqliteCheckpointer(file, (err) => errors.push(err));
    await sleep(50);
    fill();
    expect(await databaseFileHolds(ROWS * 500)).toBe(true);
    await checkpointer.close();
    checkpointer = null;
    // Closed: nothing copies the next rows any more.
    const size = statSync(file).size;
    fill();
    await sleep(300);
    expect(statSync(file).size).toBe(size);
  });

  it('keeps a process that has nothing else left alive until it has closed', () => {
    // The built module in a process of its own: there, nothing but the thread is left to wait for, as when a
    // server has closed everything else.
    const root = join(import.meta.dirname, '../../../..');
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'], { cwd: root });
    const module = pathToFileURL(join(root, 'apps/server/dist/db/sqlite-checkpointer.js')).href;
    const script = `import { SqliteCheckpointer } from ${JSON.stringify(module)};
      const checkpointer = new SqliteCheckpointer(${JSON.stringify(file)}, (err) => console.error(err));
      await checkpointer.close();
      console.log('closed');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: 'closed' });
  });
});
