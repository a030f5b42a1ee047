import { afterEach, describe, expect, it } from 'vitest';
import { longestEventLoopGap, sqliteFileWithWriter, type WrittenSqliteFile } from '../../test/sqlite-writer.js';
import { type AlarmDraft, AlarmRepository } from './alarm.repository.js';

// The alarm engine's write on a SQLite file another connection is writing (the ingest writer thread holds the write
// lock for each batch; whatever TEST_DATABASE_URL says): it must wait for the lock with the event loop free, then
// store the alarm.

const AT = Date.UTC(2026, 0, 1, 0, 0, 0);

describe('AlarmRepository.write on a SQLite file another connection is writing', () => {
  let sqlite: WrittenSqliteFile;

  afterEach(() => sqlite.close());

  it('waits for the write lock with the event loop free, then stores the alarm', async () => {
    sqlite = await sqliteFileWithWriter();
    const { handle, writer } = sqlite;
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

    writer.exec('begin immediate');
    const writing = new AlarmRepository(handle.db, 'sqlite').write([draft], new Map());
    // The bound leaves room for a loaded machine, far below the busy handler's 5 s.
    expect(await longestEventLoopGap(300)).toBeLessThan(500);
    expect(await handle.db.selectFrom('alarms').selectAll().execute()).toEqual([]);

    writer.exec('commit');
    const [id] = await writing;
    expect(draft.id).toBe(id);
    expect(await handle.db.selectFrom('alarms').select(['id', 'deviceId', 'alarmValue', 'active']).execute()).toEqual([
      { id, deviceId, alarmValue: 150, active: 1 },
    ]);
  });
});
