import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrations/index.js';
import { type AlarmDraft, AlarmRepository } from './alarm.repository.js';

// The alarm engine's write on a SQLite file another connection is writing (the ingest writer thread holds the write
// lock for each batch; whatever TEST_DATABASE_URL says): it must wait for the lock with the event loop free, then
// store the alarm.

const AT = Date.UTC(2026, 0, 1, 0, 0, 0);

describe('AlarmRepository.write on a SQLite file another connection is writing', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let writer: SqliteDatabase.Database;

  afterEach(async () => {
    if (writer.inTransaction) writer.exec('rollback');
    writer.close();
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the write lock with the event loop free, then stores the alarm', async () => {
    dir = mkdtempSync(join(tmpdir(), 'envmon-alarm-write-'));
    const file = join(dir, 'envmon.db');
    handle = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(handle.db, 'sqlite');
    const { id: deviceId } = await handle.db
      .insertInto('devices')
      .values({
        deviceName: 'Station',
        deviceCode: 'ALARM0001',
        deviceType: '32',
        password: '123456',
        createTime: AT,
        updateTime: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const draft: AlarmDraft = {
      deviceId,
      factorCode: 'w01018',
      alarmType: 1,
      overflowType: 1,
      alarmLevel: 1,
      alarmValue: 150,
      standardValue: '100',
      symbol: 1,
      beginDate: AT,
      lastDate: AT,
      endDate: null,
      count: 1,
      active: true,
      key: `${deviceId}:w01018:1:1`,
    };

    writer = new SqliteDatabase(file);
    writer.exec('begin immediate');
    const writing = new AlarmRepository(handle.db, 'sqlite').write([draft], new Map());
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
    expect(await handle.db.selectFrom('alarms').selectAll().execute()).toEqual([]);

    writer.exec('commit');
    const [id] = await writing;
    expect(draft.id).toBe(id);
    expect(await handle.db.selectFrom('alarms').select(['id', 'deviceId', 'alarmValue', 'active']).execute()).toEqual([
      { id, deviceId, alarmValue: 150, active: 1 },
    ]);
  });
});
