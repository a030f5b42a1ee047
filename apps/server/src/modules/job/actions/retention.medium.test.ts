import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@envmon/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../db/connection.js';
import { migrateToLatest } from '../../../db/migrations/index.js';
import { ensureMonthlyPartitions } from '../../../db/partitions.js';
import type { MeasurementKind, MeasurementsTable, OriginalPacketsTable } from '../../../db/schema.js';
import { type Clock, ManualClock } from '../../../lib/clock.js';
import { createPostgresDatabase } from '../../../test/harness.js';
import type { JobParamsByType, JobRunContext } from '../job-action.js';
import { JobRunLog } from '../job-run-log.js';
import { retentionAction } from './retention.js';
import { RetentionRepository } from './retention.repository.js';

// The retention action on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL), with data spread over
// December 2024 to July 2025 — real-time, minute, hour, day, month and year values and original packets — run at an
// instant of the test clock. On PostgreSQL months wholly before the cut-off are dropped or rebuilt (looked up in
// the catalogue) and the month straddling it is deleted row by row.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dialect = onPostgres ? 'postgres' : 'sqlite';

/** The run's instant: 15 July 2025 12:00 UTC. */
const AT = Date.UTC(2025, 6, 15, 12);
const PARAMS: JobParamsByType['retention'] = { originalDays: 120, minuteDays: 100 };
/** 6 April 2025 12:00 UTC, in the April partition: days 1–6 of April go, 7–10 stay. */
const MINUTE_CUTOFF = AT - 100 * DAY_MS;
/** 17 March 2025 12:00 UTC. */
const ORIGINAL_CUTOFF = AT - 120 * DAY_MS;
const TIME_ZONE = 'Asia/Shanghai';

const DEVICES = [1, 2];
const FACTORS = ['a01001', 'a01002'];
/** Dec 2024 (no partition: DEFAULT on PostgreSQL) to Jul 2025. */
const MONTHS = Array.from({ length: 8 }, (_, i) => Date.UTC(2024, 11 + i, 1));
const JAN_2025 = Date.UTC(2025, 0, 1);

const value = (deviceId: number, kind: MeasurementKind, dataTime: number, factorCode: string): MeasurementsTable => ({
  deviceId,
  kind,
  dataTime,
  factorCode,
  value: 1.5,
  min: null,
  max: null,
  cou: null,
  flag: 'N',
  quality: 'N',
  receivedAt: dataTime + MINUTE_MS,
});

/**
 * Per device and factor, days 1–10 of each month: six minute values and three real-time values a day, and (except
 * in January, whose partition then holds only what retention removes) two hour values, a day value and a month
 * value; a year value for 2024 (DEFAULT on PostgreSQL).
 */
function measurements(): MeasurementsTable[] {
  const rows: MeasurementsTable[] = [];
  for (const deviceId of DEVICES) {
    for (const factorCode of FACTORS) {
      rows.push(value(deviceId, 'year', Date.UTC(2024, 0, 1), factorCode));
      for (const month of MONTHS) {
        const withRollups = month !== JAN_2025;
        if (withRollups) rows.push(value(deviceId, 'month', month, factorCode));
        for (let day = 0; day < 10; day++) {
          const d = month + day * DAY_MS;
          for (let m = 0; m < 6; m++) rows.push(value(deviceId, 'min', d + m * 10 * MINUTE_MS, factorCode));
          for (let s = 0; s < 3; s++) rows.push(value(deviceId, 'rtd', d + 30_000 + s * MINUTE_MS, factorCode));
          if (withRollups) {
            rows.push(value(deviceId, 'hour', d, factorCode), value(deviceId, 'hour', d + HOUR_MS, factorCode));
            rows.push(value(deviceId, 'day', d, factorCode));
          }
        }
      }
    }
  }
  return rows;
}

/** Days 1–20 of each month, ten packets a day, each some 300 characters (so that deleting them frees pages). */
function packets(): Omit<OriginalPacketsTable, 'id'>[] {
  const rows: Omit<OriginalPacketsTable, 'id'>[] = [];
  for (const month of MONTHS) {
    for (let day = 0; day < 20; day++) {
      for (let i = 0; i < 10; i++) {
        const receivedAt = month + day * DAY_MS + i * HOUR_MS;
        rows.push({
          receivedAt,
          remote: '10.0.0.7:5000',
          deviceId: 1,
          mn: 'MN0001',
          cn: '2051',
          qn: String(receivedAt),
          dataTime: receivedAt - MINUTE_MS,
          raw: `##0300QN=${receivedAt};ST=32;CN=2051;PW=123456;MN=MN0001;Flag=5;CP=&&${'a01001-Avg=1.5,a01001-Flag=N;'.repeat(9)}&&`,
          accepted: 1,
          reason: null,
        });
      }
    }
  }
  return rows;
}

const removedMeasurement = (r: MeasurementsTable, cutoff: number) =>
  (r.kind === 'min' || r.kind === 'rtd') && r.dataTime < cutoff;

const key = (r: Pick<MeasurementsTable, 'deviceId' | 'kind' | 'dataTime' | 'factorCode'>) =>
  `${r.deviceId}/${r.kind}/${r.dataTime}/${r.factorCode}`;

/** A run of the action as the job runner hands it over, its log on the test clock. */
function runOf(
  clock: Clock,
  params: JobParamsByType['retention'],
  log: JobRunLog = new JobRunLog(clock),
  signal: AbortSignal = new AbortController().signal,
): JobRunContext<JobParamsByType['retention']> {
  return { jobId: 1, jobName: 'retention', timeZone: TIME_ZONE, params, devices: [], at: clock.now(), signal, log };
}

/** A run log that hears each line as it is written. */
class ListeningLog extends JobRunLog {
  constructor(
    clock: Clock,
    private readonly onLine: (line: string) => void,
  ) {
    super(clock);
  }

  override info(line: string): void {
    super.info(line);
    this.onLine(line);
  }
}

describe(`retention on ${dialect}`, () => {
  let handle: DatabaseHandle;
  let cleanUp: () => Promise<void>;
  const db = () => handle.db;
  const clock = new ManualClock(AT);
  const generated = measurements();
  const generatedPackets = packets();

  /** Each month partition of a table with its oid (PostgreSQL). */
  async function partitions(table: string): Promise<Map<string, number>> {
    const { rows } = await sql<{ name: string; oid: number }>`
      select c.relname as name, c.oid::int as oid from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${table}::regclass`.execute(db());
    return new Map(rows.map((r) => [r.name, r.oid]));
  }

  async function storedKeys(): Promise<string[]> {
    const rows = await db().selectFrom('measurements').select(['deviceId', 'kind', 'dataTime', 'factorCode']).execute();
    return rows.map(key).sort();
  }

  async function storedPacketTimes(): Promise<number[]> {
    const rows = await db().selectFrom('originalPackets').select('receivedAt').orderBy('receivedAt').execute();
    return rows.map((r) => r.receivedAt);
  }

  beforeAll(async () => {
    if (onPostgres) {
      const created = await createPostgresDatabase();
      cleanUp = created.drop;
      handle = openDatabase({ dialect: 'postgres', url: created.url });
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'envmon-retention-'));
      cleanUp = () => Promise.resolve(rmSync(dir, { recursive: true, force: true }));
      handle = openDatabase({ dialect: 'sqlite', file: join(dir, 'envmon.db') });
    }
    await migrateToLatest(db(), dialect);
    // January to July 2025 get their partitions; December 2024 has none, so its rows wait in DEFAULT.
    await ensureMonthlyPartitions(db(), dialect, JAN_2025, 6);
    for (let i = 0; i < generated.length; i += 500) {
      await db()
        .insertInto('measurements')
        .values(generated.slice(i, i + 500))
        .execute();
    }
    for (let i = 0; i < generatedPackets.length; i += 500) {
      await db()
        .insertInto('originalPackets')
        .values(generatedPackets.slice(i, i + 500))
        .execute();
    }
    await db()
      .insertInto('latestValues')
      .values({
        deviceId: 1,
        factorCode: 'a01001',
        kind: 'min',
        dataTime: Date.UTC(2024, 11, 1),
        value: 1.5,
        flag: 'N',
        quality: 'N',
        receivedAt: Date.UTC(2024, 11, 1),
      })
      .execute();
  });

  afterAll(async () => {
    await handle?.db.destroy();
    await cleanUp?.();
  });

  it('removes exactly the old minute and real-time values and original packets, and reports the space freed', async () => {
    const measurementsBefore = onPostgres ? await partitions('measurements') : new Map<string, number>();
    const packetsBefore = onPostgres ? await partitions('original_packets') : new Map<string, number>();
    const action = retentionAction({ store: new RetentionRepository(db(), dialect), batchSize: 100 });
    const log = new JobRunLog(clock);

    const result = await action(runOf(clock, PARAMS, log));

    const removedValues = generated.filter((r) => removedMeasurement(r, MINUTE_CUTOFF)).length;
    const removedPackets = generatedPackets.filter((p) => p.receivedAt < ORIGINAL_CUTOFF).length;
    // 7 months × 10 days × 9 values × 2 factors × 2 devices before 6 April, plus 6 days of April at 9 a day.
    expect(removedValues).toBe(4 * 9 * (40 + 6));
    expect(removedPackets).toBe(3 * 200 + 17 * 10);
    expect(await storedKeys()).toEqual(
      generated
        .filter((r) => !removedMeasurement(r, MINUTE_CUTOFF))
        .map(key)
        .sort(),
    );
    expect(await storedPacketTimes()).toEqual(
      generatedPackets
        .map((p) => p.receivedAt)
        .filter((t) => t >= ORIGINAL_CUTOFF)
        .sort((a, b) => a - b),
    );
    expect(await db().selectFrom('latestValues').select(['deviceId', 'kind']).execute()).toEqual([
      { deviceId: 1, kind: 'min' },
    ]);

    // Cut-offs read in the job's time zone (UTC+8).
    const partitionsPart = onPostgres ? '3 partitions dropped, 2 rebuilt; ' : '';
    expect(result.summary).toMatch(
      new RegExp(
        `^removed ${removedValues.toLocaleString('en-US')} minute/real-time values older than 2025-04-06 20:00 ` +
          `and ${removedPackets} original packets older than 2025-03-17 20:00; ${partitionsPart}(\\d+\\.\\d (kB|MB)) freed$`,
      ),
    );
    expect(result.file).toBeUndefined();
    const lines = log.lines();
    expect(lines.at(-1)).toContain(result.summary);
    expect(lines.every((l) => l.startsWith(new Date(AT).toISOString()))).toBe(true);

    if (onPostgres) {
      const measurementsAfter = await partitions('measurements');
      const packetsAfter = await partitions('original_packets');
      // January held only minute and real-time values: dropped. February and March held hour, day and month
      // values too: rebuilt (a new relation under the same name). April straddles the cut-off: the same relation.
      expect(measurementsAfter.has('measurements_y2025m01')).toBe(false);
      for (const month of ['measurements_y2025m02', 'measurements_y2025m03']) {
        expect(measurementsAfter.get(month)).toBeDefined();
        expect(measurementsAfter.get(month)).not.toBe(measurementsBefore.get(month));
      }
      for (const month of ['measurements_y2025m04', 'measurements_y2025m05', 'measurements_default']) {
        expect(measurementsAfter.get(month)).toBe(measurementsBefore.get(month));
      }
      expect(packetsAfter.has('original_packets_y2025m01')).toBe(false);
      expect(packetsAfter.has('original_packets_y2025m02')).toBe(false);
      expect(packetsAfter.get('original_packets_y2025m03')).toBe(packetsBefore.get('original_packets_y2025m03'));
      expect(lines.filter((l) => / dropped: /.test(l)).map((l) => l.replace(/^\S+ /, '').replace(/:.*/, ''))).toEqual([
        'original_packets_y2025m01 (2025-01) dropped',
        'original_packets_y2025m02 (2025-02) dropped',
        'measurements_y2025m01 (2025-01) dropped',
      ]);
      // A rebuilt partition has the parent's key: its kept rows stay unique.
      const { rows } = await sql<{ kinds: string }>`
        select string_agg(distinct kind, ',' order by kind) as kinds from measurements_y2025m02`.execute(db());
      expect(rows[0]?.kinds).toBe('day,hour,month');
      await expect(
        db()
          .insertInto('measurements')
          .values(value(1, 'hour', Date.UTC(2025, 1, 1), 'a01001'))
          .execute(),
      ).rejects.toThrow(/duplicate key/);
      // Row by row: the straddling April and DEFAULT's December, in batches of 100 at most.
      expect(lines.some((l) => /device 1: 100 min values deleted/.test(l))).toBe(true);
    } else {
      expect(lines.filter((l) => /device 1: 100 min values deleted/.test(l)).length).toBeGreaterThan(1);
    }
  });

  it('removes nothing more when run again, and rebuilds no partition twice', async () => {
    const keys = await storedKeys();
    const measurementsBefore = onPostgres ? await partitions('measurements') : new Map<string, number>();
    const action = retentionAction({ store: new RetentionRepository(db(), dialect), batchSize: 100 });
    const result = await action(runOf(clock, PARAMS));
    expect(result.summary).toBe(
      'removed 0 minute/real-time values older than 2025-04-06 20:00 and 0 original packets older than ' +
        '2025-03-17 20:00; 0 bytes freed',
    );
    expect(await storedKeys()).toEqual(keys);
    if (onPostgres) expect(await partitions('measurements')).toEqual(measurementsBefore);
  });

  it('stops between two batches when the run is stopped', async () => {
    // A week's retention: July's values before the 8th go row by row (on PostgreSQL April to June are rebuilt first).
    const params = { originalDays: 3650, minuteDays: 7 };
    const cutoff = AT - 7 * DAY_MS;
    const oldValues = async () => {
      const row = await db()
        .selectFrom('measurements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', 'in', ['min', 'rtd'])
        .where('dataTime', '<', cutoff)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const before = await oldValues();
    const controller = new AbortController();
    const log = new ListeningLog(clock, (line) => {
      if (/ deleted$/.test(line)) controller.abort(new Error('the server is stopping'));
    });
    const action = retentionAction({ store: new RetentionRepository(db(), dialect), batchSize: 10 });

    const result = await action(runOf(clock, params, log, controller.signal));

    const batches = log.lines().filter((l) => / deleted$/.test(l));
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatch(/device 1: 10 rtd values deleted$/);
    const rebuilt = log
      .lines()
      .map((l) => / rebuilt .*: (\d+) rows removed/.exec(l)?.[1])
      .filter((n) => n !== undefined)
      .reduce((sum, n) => sum + Number(n), 0);
    // PostgreSQL: April's 4 days left, May's and June's 10 (9 values a day, 2 factors, 2 devices) go with their
    // partitions, rebuilt before the first batch.
    expect(rebuilt).toBe(onPostgres ? 4 * (4 + 10 + 10) * 9 : 0);
    expect(before - (await oldValues())).toBe(10 + rebuilt);
    expect(await oldValues()).toBeGreaterThan(0);
    expect(result.summary).toMatch(
      new RegExp(
        `^stopped before the end: removed ${10 + rebuilt} minute/real-time values older than 2025-07-08 20:00`,
      ),
    );
    expect(log.lines().some((l) => l.includes('the run was stopped'))).toBe(true);
  });
});
