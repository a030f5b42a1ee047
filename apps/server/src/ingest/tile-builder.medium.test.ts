import { MINUTE_MS } from '@envmon/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { longestEventLoopGap, sqliteFileWithWriter, type WrittenSqliteFile } from '../test/sqlite-writer.js';
import { TileBuilder } from './tile-builder.js';

// The SQLite tile builder beside a writer that holds the write lock (the ingest writer thread, whatever
// TEST_DATABASE_URL says): it must wait for the lock without blocking the event loop, then store the tiles.

/** An hour that is over: the builder takes only those. */
const HOUR = Date.UTC(2026, 0, 1, 0, 0, 0);
const DEVICE = 1;

describe('TileBuilder on a SQLite file another connection is writing', () => {
  let sqlite: WrittenSqliteFile;

  afterEach(() => sqlite.close());

  it('waits for the write lock with the event loop free, then stores the hour and clears its mark', async () => {
    sqlite = await sqliteFileWithWriter();
    const { handle, writer } = sqlite;
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

    writer.exec('begin immediate');
    const building = new TileBuilder(handle.db, 'sqlite').build();
    // The event loop keeps its turns while the lock is held (the bound leaves room for a loaded machine, far below
    // the busy handler's 5 s).
    expect(await longestEventLoopGap(300)).toBeLessThan(500);
    expect(await handle.db.selectFrom('measurementTiles').selectAll().execute()).toEqual([]);

    writer.exec('commit');
    expect(await building).toBe(1);
    expect(
      await handle.db.selectFrom('measurementTiles').select(['factorCode', 'hour', 'n', 'lo', 'hi']).execute(),
    ).toEqual([{ factorCode: 'w01018', hour: HOUR, n: 3, lo: 3, hi: 9 }]);
    expect(await handle.db.selectFrom('measurementTilesDirty').selectAll().execute()).toEqual([]);
  });
});
