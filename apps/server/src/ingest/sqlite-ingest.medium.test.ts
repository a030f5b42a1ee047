import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations/index.js';
import type { IngestBatch } from './ingest.repository.js';
import { SQLITE_INGEST_SQL } from './sqlite-batch-writer.js';
import { SqliteIngestRepository } from './sqlite-ingest.repository.js';
import { hourOf } from './tiles.js';

// The SQLite write path on its own (it runs whatever TEST_DATABASE_URL says): a database file is
// written from the writer thread, an in-memory one on the server's connection; both must store
// exactly the rows they were given, nulls included, and a failed batch must leave nothing behind.

const T = Date.UTC(2026, 0, 1, 0, 0, 0);

function batch(deviceId: number, minute: number): IngestBatch {
  const dataTime = T + minute * 60_000;
  return {
    originals: [
      {
        receivedAt: dataTime + 5,
        remote: '10.0.0.7:5000',
        deviceId,
        mn: 'MN0001',
        cn: '2051',
        qn: `q${minute}`,
        dataTime,
        raw: `##0100QN=q${minute};CN=2051`,
        accepted: 1,
        reason: null,
      },
      {
        receivedAt: dataTime + 6,
        remote: '10.0.0.8:5000',
        deviceId: null,
        mn: 'UNKNOWN',
        cn: null,
        qn: null,
        dataTime: null,
        raw: '##garbage',
        accepted: 0,
        reason: 'unknown MN',
      },
    ],
    measurements: [
      {
        deviceId,
        kind: 'min',
        dataTime,
        factorCode: 'w01018',
        value: 12.5,
        // A data rule changed the station's 12.25.
        stationValue: 12.25,
        min: 11,
        max: 14.25,
        cou: 3.5,
        flag: 'N',
        quality: 'N',
        receivedAt: dataTime + 5,
      },
      {
        deviceId,
        kind: 'min',
        dataTime,
        factorCode: 'w00000',
        value: null,
        stationValue: null,
        min: null,
        max: null,
        cou: null,
        flag: null,
        quality: 'N',
        receivedAt: dataTime + 5,
      },
    ],
    latest: [
      {
        deviceId,
        factorCode: 'w01018',
        kind: 'min',
        dataTime,
        value: 12.5,
        flag: 'N',
        quality: 'SH4',
        receivedAt: dataTime + 5,
      },
      {
        deviceId,
        factorCode: 'w00000',
        kind: 'min',
        dataTime,
        value: null,
        flag: null,
        quality: 'N',
        receivedAt: dataTime + 5,
      },
    ],
    rollups: [],
    tileHours: [{ deviceId, kind: 'min', hour: hourOf(dataTime) }],
  };
}

describe.each([
  ['a database file, from the writer thread', 'file'],
  ['an in-memory database, on the server connection', 'memory'],
] as const)('SqliteIngestRepository on %s', (_, where) => {
  let dir: string;
  let handle: DatabaseHandle;
  let repository: SqliteIngestRepository;

  async function open(): Promise<void> {
    dir = mkdtempSync(join(tmpdir(), 'envmon-sqlite-ingest-'));
    const file = where === 'file' ? join(dir, 'envmon.db') : ':memory:';
    handle = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(handle.db, 'sqlite');
    if (!handle.sqlite) throw new Error('a SQLite handle has its connection');
    repository = new SqliteIngestRepository(handle.db, handle.sqlite);
  }

  afterEach(async () => {
    await repository.close();
    await handle.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const rows = async () => ({
    originals: await handle.db.selectFrom('originalPackets').selectAll().orderBy('id').execute(),
    measurements: await handle.db.selectFrom('measurements').selectAll().orderBy('factorCode').execute(),
    latest: await handle.db.selectFrom('latestValues').selectAll().orderBy('factorCode').execute(),
    dirty: await handle.db.selectFrom('measurementTilesDirty').selectAll().execute(),
  });

  it('stores every row as given, nulls as nulls', async () => {
    await open();
    const written = batch(1, 0);
    await repository.writeBatch(written);
    const stored = await rows();
    expect(stored.originals.map(({ id: _, ...o }) => o)).toEqual(written.originals);
    const byCode = (a: { factorCode: string }, b: { factorCode: string }) => a.factorCode.localeCompare(b.factorCode);
    // Columns the ingest never writes (the audit's) aside.
    expect(stored.measurements).toMatchObject([...written.measurements].sort(byCode));
    expect(stored.latest).toEqual([...written.latest].sort(byCode));
    // The minute hour's tiles are stale, in the same transaction.
    expect(stored.dirty).toEqual([{ deviceId: 1, kind: 'min', hour: T, seq: 1 }]);
  });

  it('stores nothing of a failed batch, and the next batch is written', async () => {
    await open();
    const broken = batch(1, 0);
    // A measurement the schema refuses (quality is NOT NULL) fails the whole transaction.
    broken.measurements.push({ ...broken.measurements[0]!, factorCode: 'a01001', quality: null as unknown as string });
    await expect(repository.writeBatch(broken)).rejects.toThrow(/NOT NULL/);
    expect(await rows()).toEqual({ originals: [], measurements: [], latest: [], dirty: [] });

    await repository.writeBatch(batch(1, 1));
    const stored = await rows();
    expect(stored.originals).toHaveLength(2);
    expect(stored.measurements.map((m) => m.dataTime)).toEqual([T + 60_000, T + 60_000]);
  });

  it('writes batches in the order they were given, the later upload of a key winning', async () => {
    await open();
    const first = batch(1, 0);
    const second = batch(1, 0);
    second.measurements[0] = { ...second.measurements[0]!, value: 99 };
    await Promise.all([repository.writeBatch(first), repository.writeBatch(second)]);
    const stored = await rows();
    expect(stored.originals).toHaveLength(4);
    expect(stored.measurements.find((m) => m.factorCode === 'w01018')?.value).toBe(99);
    // Each batch counted a change of the hour.
    expect(stored.dirty).toEqual([{ deviceId: 1, kind: 'min', hour: T, seq: 2 }]);
  });

  it('stores a batch of many measurements whole, a key repeated within it keeping its later value', async () => {
    await open();
    const written = batch(1, 0);
    const [template] = written.measurements;
    // Several multi-row statements and a remainder of single ones, a repeat inside a statement and across.
    const measurements = Array.from({ length: SQLITE_INGEST_SQL.measurementsPerStatement * 2 + 7 }, (_, i) => ({
      ...template!,
      factorCode: `f${String(i % 20).padStart(3, '0')}`,
      value: i,
      stationValue: i % 2 === 0 ? null : i / 2,
    }));
    written.measurements = measurements;
    await repository.writeBatch(written);
    const stored = await handle.db.selectFrom('measurements').selectAll().orderBy('factorCode').execute();
    const expected = new Map(measurements.map((m) => [m.factorCode, m]));
    expect(stored).toHaveLength(20);
    expect(stored).toMatchObject([...expected.values()].sort((a, b) => a.factorCode.localeCompare(b.factorCode)));
  });
});
