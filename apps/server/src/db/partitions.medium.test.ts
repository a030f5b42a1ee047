import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestBatch } from '../ingest/ingest.repository.js';
import { PostgresIngestRepository } from '../ingest/postgres-ingest.repository.js';
import { ManualClock } from '../lib/clock.js';
import { createPostgresDatabase } from '../test/harness.js';
import { type DatabaseHandle, openDatabase } from './connection.js';
import { migrateTo, migrateToLatest } from './migrations/index.js';
import {
  dropMonthPartition,
  ensureMonthlyPartitions,
  monthPartitionName,
  startPartitionMaintenance,
  utcMonth,
} from './partitions.js';
import type { MeasurementsTable, OriginalPacketsTable } from './schema.js';

// Monthly partitions on PostgreSQL (TEST_DATABASE_URL set): a database migrated to 0015 is given rows,
// then brought to the latest schema, and its tables are examined through the catalogue. On SQLite the
// tables must stay plain and the maintenance must do nothing.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const MAR_2025 = Date.UTC(2025, 2, 1);
const APR_2025 = Date.UTC(2025, 3, 1);
/** A station clock centuries off: no partition is made for it. */
const FAR = Date.UTC(2300, 0, 1, 12);
/** A month far enough ahead that nothing creates its partition until a test asks. */
const MAY_2031 = Date.UTC(2031, 4, 1);

const measurement = (dataTime: number, factorCode = 'w01018', value = 1): MeasurementsTable => ({
  deviceId: 1,
  kind: 'min',
  dataTime,
  factorCode,
  value,
  min: null,
  max: null,
  cou: null,
  flag: 'N',
  quality: 'N',
  receivedAt: dataTime + 5,
});

const original = (receivedAt: number, qn: string): Omit<OriginalPacketsTable, 'id'> => ({
  receivedAt,
  remote: '10.0.0.7:5000',
  deviceId: 1,
  mn: 'MN0001',
  cn: '2051',
  qn,
  dataTime: receivedAt - 5,
  raw: `##0100QN=${qn};CN=2051`,
  accepted: 1,
  reason: null,
});

if (onPostgres) {
  describe('monthly partitions on PostgreSQL', () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void>;
    const db = () => handle.db;

    /** Where each row of a table sits: its partition and its key. */
    async function placement(table: 'measurements' | 'original_packets') {
      const key = table === 'measurements' ? sql.ref('data_time') : sql.ref('received_at');
      const { rows } = await sql<{ part: string; at: number }>`
        select tableoid::regclass::text as part, ${key} as at from ${sql.table(table)} order by at`.execute(db());
      return rows;
    }

    async function partitionsOf(table: string): Promise<string[]> {
      const { rows } = await sql<{ name: string }>`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${table}::regclass order by c.relname`.execute(db());
      return rows.map((r) => r.name);
    }

    beforeAll(async () => {
      const created = await createPostgresDatabase();
      drop = created.drop;
      handle = openDatabase({ dialect: 'postgres', url: created.url });
      await migrateTo(handle.db, 'postgres', '0015_login_throttle');
      await db()
        .insertInto('measurements')
        .values([measurement(MAR_2025), measurement(APR_2025 - 1), measurement(APR_2025), measurement(FAR)])
        .execute();
      await db()
        .insertInto('originalPackets')
        .values([original(MAR_2025 + 10, 'a'), original(APR_2025 + 10, 'b'), original(FAR, 'c')])
        .execute();
      await migrateToLatest(handle.db, 'postgres');
    });

    afterAll(async () => {
      await handle?.db.destroy();
      await drop?.();
    });

    it('partitions both tables by range, with a DEFAULT partition and the months of their rows, this and next', async () => {
      const { rows } = await sql<{ name: string; strategy: string; key: string }>`
        select c.relname as name, p.partstrat as strategy, pg_get_partkeydef(c.oid) as key
        from pg_partitioned_table p join pg_class c on c.oid = p.partrelid order by c.relname`.execute(db());
      expect(rows).toEqual([
        { name: 'measurements', strategy: 'r', key: 'RANGE (data_time)' },
        { name: 'original_packets', strategy: 'r', key: 'RANGE (received_at)' },
      ]);
      const now = Date.now();
      for (const table of ['measurements', 'original_packets'] as const) {
        const expected = new Set([
          `${table}_default`,
          monthPartitionName(table, MAR_2025),
          monthPartitionName(table, APR_2025),
          monthPartitionName(table, now),
          monthPartitionName(table, utcMonth(now, 1).start),
        ]);
        expect(await partitionsOf(table)).toEqual([...expected].sort());
      }
      expect(monthPartitionName('measurements', Date.UTC(2026, 10, 30, 23, 59))).toBe('measurements_y2026m11');
      // The keys and indexes are declared on the parents, so every partition has them.
      const indexes = await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where tablename in ('measurements', 'original_packets') order by indexname`.execute(db());
      expect(indexes.rows.map((r) => `${r.name}: ${r.definition.replace(/^.* USING btree /, '')}`)).toEqual([
        "measurements_history_idx: (device_id, kind, factor_code, data_time) INCLUDE (value) WHERE (kind <> ALL (ARRAY['rtd'::text, 'min'::text]))",
        'measurements_pk: (device_id, kind, data_time, factor_code)',
        'original_packets_device_idx: (device_id, received_at)',
        'original_packets_pkey: (id, received_at)',
        "original_packets_state_idx: (device_id, cn, data_time) WHERE (cn = ANY (ARRAY['2021'::text, '2041'::text, '2081'::text]))",
        'original_packets_unknown_mn_idx: (mn, received_at) WHERE (device_id IS NULL)',
      ]);
    });

    it('keeps the rows stored before the migration, each in its month, and the packet ids with their sequence', async () => {
      expect(await placement('measurements')).toEqual([
        { part: 'measurements_y2025m03', at: MAR_2025 },
        { part: 'measurements_y2025m03', at: APR_2025 - 1 },
        { part: 'measurements_y2025m04', at: APR_2025 },
        { part: 'measurements_default', at: FAR },
      ]);
      const packets = await db().selectFrom('originalPackets').select(['id', 'qn', 'raw']).orderBy('id').execute();
      expect(packets).toEqual([
        { id: 1, qn: 'a', raw: '##0100QN=a;CN=2051' },
        { id: 2, qn: 'b', raw: '##0100QN=b;CN=2051' },
        { id: 3, qn: 'c', raw: '##0100QN=c;CN=2051' },
      ]);
      const next = await db()
        .insertInto('originalPackets')
        .values(original(APR_2025 + 20, 'd'))
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBe(4);
      // Found by id alone still, through the leading column of the (id, received_at) key.
      const byId = await db().selectFrom('originalPackets').select('qn').where('id', '=', 2).execute();
      expect(byId).toEqual([{ qn: 'b' }]);
    });

    it('creates the months ahead once, even when two processes ask at the same time', async () => {
      const now = Date.now();
      const ahead = utcMonth(now, 2).start;
      expect(await ensureMonthlyPartitions(db(), 'postgres', now)).toEqual([
        monthPartitionName('measurements', ahead),
        monthPartitionName('original_packets', ahead),
      ]);
      expect(await ensureMonthlyPartitions(db(), 'postgres', now)).toEqual([]);
      expect(await ensureMonthlyPartitions(db(), 'sqlite', utcMonth(now, 6).start)).toEqual([]);

      const later = utcMonth(now, 12).start;
      const [first, second] = await Promise.all([
        ensureMonthlyPartitions(db(), 'postgres', later, 1),
        ensureMonthlyPartitions(db(), 'postgres', later, 1),
      ]);
      expect([...first, ...second].sort()).toEqual(
        [
          monthPartitionName('measurements', later),
          monthPartitionName('measurements', utcMonth(later, 1).start),
          monthPartitionName('original_packets', later),
          monthPartitionName('original_packets', utcMonth(later, 1).start),
        ].sort(),
      );
    });

    it('keeps a row of a month without partition in DEFAULT, and moves it into the month once that is created', async () => {
      await db()
        .insertInto('measurements')
        .values(measurement(MAY_2031 + 1000))
        .execute();
      await db()
        .insertInto('originalPackets')
        .values(original(MAY_2031 + 1000, 'may'))
        .execute();
      expect((await placement('measurements')).filter((r) => r.at >= MAY_2031)).toEqual([
        { part: 'measurements_default', at: MAY_2031 + 1000 },
        { part: 'measurements_default', at: FAR },
      ]);

      expect(await ensureMonthlyPartitions(db(), 'postgres', MAY_2031 + 5, 0)).toEqual([
        'measurements_y2031m05',
        'original_packets_y2031m05',
      ]);
      expect((await placement('measurements')).filter((r) => r.at >= MAY_2031)).toEqual([
        { part: 'measurements_y2031m05', at: MAY_2031 + 1000 },
        { part: 'measurements_default', at: FAR },
      ]);
      expect((await placement('original_packets')).filter((r) => r.at >= MAY_2031)).toEqual([
        { part: 'original_packets_y2031m05', at: MAY_2031 + 1000 },
        { part: 'original_packets_default', at: FAR },
      ]);
      // The moved partition carries the parent's key: the same row again is refused.
      await expect(
        db()
          .insertInto('measurements')
          .values(measurement(MAY_2031 + 1000))
          .execute(),
      ).rejects.toThrow(/duplicate key/);
    });

    it('upserts through the ingest repository: a resent upload is stored once, with its later values', async () => {
      const repository = new PostgresIngestRepository(db());
      const T = Date.UTC(2025, 3, 10);
      const upload = (value: number): IngestBatch => ({
        originals: [original(T + 5, 'resent')],
        // One in a month partition, one in DEFAULT.
        measurements: [
          measurement(T, 'w21003', value),
          { ...measurement(T, 'w21003', value), kind: 'day' },
          measurement(FAR, 'w21003', value),
        ],
        latest: [
          {
            deviceId: 1,
            factorCode: 'w21003',
            kind: 'min',
            dataTime: T,
            value,
            flag: 'N',
            quality: 'N',
            receivedAt: T,
          },
        ],
        rollups: [{ deviceId: 1, factorCode: 'w21003', kind: 'month', from: APR_2025, to: Date.UTC(2025, 4, 1) }],
        tileHours: [],
      });
      await repository.writeBatch(upload(1));
      await repository.writeBatch(upload(2));
      const stored = await db()
        .selectFrom('measurements')
        .select(['kind', 'dataTime', 'value'])
        .where('factorCode', '=', 'w21003')
        .orderBy('kind')
        .orderBy('dataTime')
        .execute();
      expect(stored).toEqual([
        { kind: 'day', dataTime: T, value: 2 },
        { kind: 'min', dataTime: T, value: 2 },
        { kind: 'min', dataTime: FAR, value: 2 },
        { kind: 'month', dataTime: APR_2025, value: 2 },
      ]);
      const latest = await db().selectFrom('latestValues').select('value').where('factorCode', '=', 'w21003').execute();
      expect(latest).toEqual([{ value: 2 }]);
      // Every reception of a packet is kept, as before.
      const packets = await db().selectFrom('originalPackets').select('qn').where('qn', '=', 'resent').execute();
      expect(packets).toHaveLength(2);
    });

    it('drops exactly one month: its partition, and its rows held in DEFAULT', async () => {
      const before = await placement('measurements');
      expect(await dropMonthPartition(db(), 'measurements', MAR_2025 + 12345)).toBe(true);
      expect(await placement('measurements')).toEqual(before.filter((r) => r.part !== 'measurements_y2025m03'));
      expect(await partitionsOf('measurements')).not.toContain('measurements_y2025m03');
      expect(await partitionsOf('original_packets')).toContain('original_packets_y2025m03');
      expect(await dropMonthPartition(db(), 'measurements', MAR_2025)).toBe(false);

      // January 2300 never had a partition: its rows go from DEFAULT, nothing else does.
      const withoutFar = (await placement('measurements')).filter((r) => r.at !== FAR);
      expect(await dropMonthPartition(db(), 'measurements', FAR)).toBe(false);
      expect(await placement('measurements')).toEqual(withoutFar);
    });

    it('starts maintenance that creates the months ahead, and stops', async () => {
      const clock = new ManualClock(Date.UTC(2040, 0, 15));
      const lines: string[] = [];
      const log = {
        info: (_: object, msg: string) => lines.push(msg),
        error: (_: object, msg: string) => lines.push(msg),
      };
      const stop = startPartitionMaintenance(db(), 'postgres', clock, log);
      await stop();
      expect(lines).toEqual(['monthly partitions created']);
      expect(await partitionsOf('measurements')).toEqual(
        expect.arrayContaining(['measurements_y2040m01', 'measurements_y2040m02', 'measurements_y2040m03']),
      );
    });

    it('migrates back down to plain tables with every row and the sequence', async () => {
      const count = async () => ({
        measurements: (await placement('measurements')).length,
        packets: (await placement('original_packets')).length,
      });
      const before = await count();
      await migrateTo(handle.db, 'postgres', '0015_login_throttle');
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_partitioned_table`.execute(db());
      expect(rows).toEqual([{ n: 0 }]);
      expect(await count()).toEqual(before);
      const next = await db()
        .insertInto('originalPackets')
        .values(original(APR_2025, 'e'))
        .returning('id')
        .executeTakeFirstOrThrow();
      const { max } = await db()
        .selectFrom('originalPackets')
        .select((eb) => eb.fn.max('id').as('max'))
        .where('id', '<', next.id)
        .executeTakeFirstOrThrow();
      expect(next.id).toBe(Number(max) + 1);
    });
  });
} else {
  describe('monthly partitions on SQLite', () => {
    let dir: string;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'envmon-partitions-'));
      handle = openDatabase({ dialect: 'sqlite', file: join(dir, 'envmon.db') });
      await migrateToLatest(handle.db, 'sqlite');
    });

    afterAll(async () => {
      await handle?.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps plain tables: the migration runs and changes nothing, maintenance does nothing', async () => {
      const { rows } = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table'
        and (name like 'measurements%' or name like 'original_packets%') order by name`.execute(handle.db);
      expect(rows.map((r) => r.name)).toEqual(['measurements', 'original_packets']);
      const ran = await sql<{
        name: string;
      }>`select name from kysely_migration where name = '0016_monthly_partitions'`.execute(handle.db);
      expect(ran.rows).toHaveLength(1);
      expect(await ensureMonthlyPartitions(handle.db, 'sqlite', Date.now())).toEqual([]);
      const lines: string[] = [];
      const log = {
        info: (_: object, msg: string) => lines.push(msg),
        error: (_: object, msg: string) => lines.push(msg),
      };
      await startPartitionMaintenance(handle.db, 'sqlite', new ManualClock(), log)();
      expect(lines).toEqual([]);
    });
  });
}
