import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { createPostgresDatabase } from '../test/harness.js';
import type { IngestBatch, IngestRepository, LatestRow, MeasurementRow } from './ingest.repository.js';
import { PostgresIngestRepository } from './postgres-ingest.repository.js';
import { SqliteIngestRepository } from './sqlite-ingest.repository.js';

// The ingest's repository takes two batches at once, on the database of the run (PostgreSQL when
// TEST_DATABASE_URL is set, else a SQLite file and its writer thread). PostgreSQL writes them side by
// side: they must not deadlock on the rows they share, and what they store must be what writing them
// one after the other would have stored.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const T = Date.UTC(2026, 0, 1, 0, 0, 0);
const FACTORS = ['a01001', 'a01002', 'w01018'];

const row = (deviceId: number, minute: number, factorCode: string, value: number): MeasurementRow => ({
  deviceId,
  // Hour values: they mark no tile hours, which would otherwise order two batches of one station by themselves.
  kind: 'hour',
  dataTime: T + minute * 60_000,
  factorCode,
  value,
  stationValue: null,
  min: null,
  max: null,
  cou: null,
  flag: 'N',
  quality: 'N',
  receivedAt: T + minute * 60_000 + 5,
});

const latestOf = (m: MeasurementRow): LatestRow => ({
  deviceId: m.deviceId,
  factorCode: m.factorCode,
  kind: m.kind,
  dataTime: m.dataTime,
  value: m.value,
  flag: m.flag,
  quality: m.quality,
  receivedAt: m.receivedAt,
});

/** A minute of the devices' values, their latest values in the devices' order as given. */
function batch(devices: number[], minute: number, value = minute): IngestBatch {
  const measurements = devices.flatMap((d) => FACTORS.map((f) => row(d, minute, f, value)));
  const original = {
    receivedAt: T + minute * 60_000 + 5,
    remote: '10.0.0.7:5000',
    deviceId: devices[0] ?? null,
    mn: 'MN0001',
    cn: '2051',
    qn: null,
    dataTime: T + minute * 60_000,
    raw: '##0100',
    accepted: 1,
    reason: null,
  };
  return {
    originals: [original],
    measurements,
    latest: measurements.map(latestOf),
    rollups: [],
    tileHours: [],
  };
}

describe(`the ingest repository on ${onPostgres ? 'PostgreSQL' : 'a SQLite file'}, two batches in flight`, () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let repository: IngestRepository;

  beforeEach(async () => {
    if (onPostgres) {
      const created = await createPostgresDatabase();
      drop = created.drop;
      handle = openDatabase({ dialect: 'postgres', url: created.url });
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'envmon-ingest-repository-'));
      drop = () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
      handle = openDatabase({ dialect: 'sqlite', file: join(dir, 'envmon.db') });
    }
    await migrateToLatest(handle.db, onPostgres ? 'postgres' : 'sqlite');
    repository = handle.sqlite
      ? new SqliteIngestRepository(handle.db, handle.sqlite)
      : new PostgresIngestRepository(handle.db);
  });

  afterEach(async () => {
    await repository.close();
    await handle.db.destroy();
    await drop();
  });

  /**
   * Writes the batches at once. On PostgreSQL the latest value of the first device and factor is held locked until
   * both wait for it: a batch that takes its rows in the other order has then locked all the others.
   */
  async function sideBySide(...batches: IngestBatch[]): Promise<void> {
    if (!onPostgres) {
      await Promise.all(batches.map((b) => repository.writeBatch(b)));
      return;
    }
    const writes = await handle.db.transaction().execute(async (trx) => {
      await sql`select 1 from latest_values where device_id = 1 and factor_code = ${FACTORS[0]} for update`.execute(
        trx,
      );
      const started = batches.map((b) => repository.writeBatch(b));
      // Kept from rejecting unheard while the lock is held; awaited below.
      for (const write of started) write.catch(() => undefined);
      for (let waiting = 0; waiting < batches.length; await sleep(5)) {
        const { rows } = await sql<{ n: number }>`select count(distinct pid)::int as n from pg_locks
          where not granted and pid <> pg_backend_pid()`.execute(handle.db);
        waiting = rows[0]?.n ?? 0;
      }
      return started;
    });
    await Promise.all(writes);
  }

  it('takes both at once', () => {
    expect(repository.writesInFlight).toBe(2);
  });

  it('writes batches sharing latest values, given in opposite orders, without a deadlock', async () => {
    const devices = Array.from({ length: 1000 }, (_, i) => i + 1);
    const rounds = Array.from({ length: 2 }, (_, i) => i);
    await repository.writeBatch(batch(devices, 0));
    // Each pair: one batch's stations ascending, the other's descending, a minute apart.
    for (const r of rounds) {
      await sideBySide(batch(devices, r * 2 + 1), batch([...devices].reverse(), r * 2 + 2));
    }
    const latest = await handle.db.selectFrom('latestValues').select(['deviceId', 'dataTime', 'value']).execute();
    expect(latest).toHaveLength(devices.length * FACTORS.length);
    // The newer minute is the latest, whichever batch committed first.
    expect(new Set(latest.map((l) => l.value))).toEqual(new Set([4]));
  });

  it('lets a batch that stores a data point of one still being written win, as if written after it', async () => {
    // The first batch is large, its row of the shared point last: written at once, the small second would
    // store the point first and the first would then overwrite it.
    const first = batch(
      Array.from({ length: 3000 }, (_, i) => i + 1000),
      0,
    );
    const shared = row(7, 0, 'w01018', 1);
    first.measurements.push(shared);
    first.latest.push(latestOf(shared));
    const second = batch([], 0);
    const resent = { ...shared, value: 2 };
    second.measurements.push(resent);
    second.latest.push(latestOf(resent));
    await Promise.all([repository.writeBatch(first), repository.writeBatch(second)]);
    const stored = await handle.db
      .selectFrom('measurements')
      .select('value')
      .where('deviceId', '=', 7)
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe(2);
    const latest = await handle.db
      .selectFrom('latestValues')
      .select('value')
      .where('deviceId', '=', 7)
      .executeTakeFirstOrThrow();
    expect(latest.value).toBe(2);
  });
});
