import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MINUTE_MS } from '@envmon/shared';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { TileBuilder } from './tile-builder.js';

// The SQLite tile builder beside a writer that holds the write lock (the ingest writer thread, whatever
// TEST_DATABASE_URL says): it must wait for the lock without blocking the event loop, then store the tiles.

/** An hour that is over: the builder takes only those. */
const HOUR = Date.UTC(2026, 0, 1, 0, 0, 0);
const DEVICE = 1;

describe('TileBuilder on a SQLite file another connection is writing', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let writer: SqliteDatabase.Database;

  afterEach(async () => {
    if (writer.inTransaction) writer.exec('rollback');
    writer.close();
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the write lock with the event loop free, then stores the hour and clears its mark', async () => {
    dir = mkdtempSync(join(tmpdir(), 'envmon-tiles-'));
    const file = join(dir, 'envmon.db');
    handle = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(handle.db, 'sqlite');
    await handle.db
      .insertInto('measurements')
      .values(
        [3, 9, 5].map((value, i) => ({
          deviceId: DEVICE,
          kind: 'min' as const,
          dataTime: HOUR + i * MINUTE_MS,
          factorCode: 'w01018',
          value,
          quality: 'N',
          receivedAt: HOUR + i * MINUTE_MS,
        })),
      )
      .execute();
    await handle.db
      .insertInto('measurementTilesDirty')
      .values({ deviceId: DEVICE, kind: 'min', hour: HOUR, seq: 1 })
      .execute();

    writer = new SqliteDatabase(file);
    writer.exec('begin immediate');
    const building = new TileBuilder(handle.db, 'sqlite').build();
    // The event loop keeps its turns while the lock is held: the longest gap between 1 ms timers stays far below the
    // 5 s busy timeout it would sleep through in SQLite's busy handler (the bound leaves room for a loaded machine).
    let longestGap = 0;
    let last = performance.now();
    const heldUntil = last + 300;
    while (performance.now() < heldUntil) {
      await sleep(1);
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }
    expect(longestGap).toBeLessThan(500);
    expect(await handle.db.selectFrom('measurementTiles').selectAll().execute()).toEqual([]);

    writer.exec('commit');
    expect(await building).toBe(1);
    expect(
      await handle.db.selectFrom('measurementTiles').select(['factorCode', 'hour', 'n', 'lo', 'hi']).execute(),
    ).toEqual([{ factorCode: 'w01018', hour: HOUR, n: 3, lo: 3, hi: 9 }]);
    expect(await handle.db.selectFrom('measurementTilesDirty').selectAll().execute()).toEqual([]);
  });
});
