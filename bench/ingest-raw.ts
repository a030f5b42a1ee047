// The floor the ingest pipeline is compared with in `npm run bench:ingest`: the rows the pipeline
// writes for a number of packets (one original_packets row, ten measurements upserts, the batch's
// latest_values upserts), written straight through the driver in transactions of the pipeline's batch
// size — better-sqlite3 prepared statements, or pg multi-row INSERTs — into a freshly migrated database.
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { dataTimeOf, minutePacket, qnOf, readings, stationCode } from './ingest-common.js';

export interface RawPlan {
  stations: number;
  packets: number;
  /** Packets per transaction. */
  batch: number;
  /** Device id of station i is firstDeviceId + i. */
  firstDeviceId: number;
}

export interface RawResult {
  packets: number;
  rows: number;
  transactions: number;
  /** Time inside the transactions only; building the rows is not counted. */
  seconds: number;
}

type Value = string | number | null;

interface BatchRows {
  originals: Value[][];
  measurements: Value[][];
  latest: Value[][];
}

const ORIGINAL_COLUMNS = [
  'received_at',
  'remote',
  'device_id',
  'mn',
  'cn',
  'qn',
  'data_time',
  'raw',
  'accepted',
  'reason',
];
const MEASUREMENT_COLUMNS = [
  'device_id',
  'kind',
  'data_time',
  'factor_code',
  'value',
  'min',
  'max',
  'cou',
  'flag',
  'quality',
  'received_at',
];
const LATEST_COLUMNS = ['device_id', 'factor_code', 'kind', 'data_time', 'value', 'flag', 'quality', 'received_at'];

// The same conflict handling as IngestRepository, so the database does the same work per row.
const MEASUREMENT_CONFLICT =
  'on conflict (device_id, kind, data_time, factor_code) do update set value = excluded.value, ' +
  'min = excluded.min, max = excluded.max, cou = excluded.cou, flag = excluded.flag, ' +
  'quality = excluded.quality, received_at = excluded.received_at';
const LATEST_CONFLICT =
  'on conflict (device_id, factor_code) do update set kind = excluded.kind, data_time = excluded.data_time, ' +
  'value = excluded.value, flag = excluded.flag, quality = excluded.quality, received_at = excluded.received_at ' +
  'where excluded.data_time >= latest_values.data_time';

/** Rows per multi-row INSERT, as in IngestRepository. */
const ROWS_PER_STATEMENT = 1000;

/**
 * The rows of packets [from, to): packet k comes from station k mod N as that station's packet
 * k div N, so a batch mixes stations as arriving traffic does; latest values are deduped per batch.
 */
function batchRows(plan: RawPlan, from: number, to: number): BatchRows {
  const originals: Value[][] = [];
  const measurements: Value[][] = [];
  const latest = new Map<string, Value[]>();
  const receivedAt = Date.now();
  for (let k = from; k < to; k += 1) {
    const station = k % plan.stations;
    const seq = Math.floor(k / plan.stations);
    const deviceId = plan.firstDeviceId + station;
    const mn = stationCode('load', station);
    const qn = qnOf(k);
    const dataTime = dataTimeOf(seq);
    const raw = minutePacket(mn, seq, qn).trimEnd();
    originals.push([receivedAt, '127.0.0.1:40000', deviceId, mn, '2051', qn, dataTime, raw, 1, null]);
    for (const r of readings(seq)) {
      const value = Number(r.avg);
      measurements.push([
        deviceId,
        'min',
        dataTime,
        r.code,
        value,
        Number(r.min),
        Number(r.max),
        null,
        'N',
        'N',
        receivedAt,
      ]);
      latest.set(`${deviceId}|${r.code}`, [deviceId, r.code, 'min', dataTime, value, 'N', 'N', receivedAt]);
    }
  }
  return { originals, measurements, latest: [...latest.values()] };
}

const rowCount = (b: BatchRows) => b.originals.length + b.measurements.length + b.latest.length;

async function run(plan: RawPlan, write: (rows: BatchRows) => Promise<void> | void): Promise<RawResult> {
  let seconds = 0;
  let rows = 0;
  let transactions = 0;
  for (let from = 0; from < plan.packets; from += plan.batch) {
    const batch = batchRows(plan, from, Math.min(plan.packets, from + plan.batch));
    const t0 = performance.now();
    await write(batch);
    seconds += (performance.now() - t0) / 1000;
    rows += rowCount(batch);
    transactions += 1;
  }
  return { packets: plan.packets, rows, transactions, seconds };
}

/** better-sqlite3 on the file, with the pragmas the server's openDatabase sets. */
export async function rawSqlite(file: string, plan: RawPlan): Promise<RawResult> {
  const db = new SqliteDatabase(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const placeholders = (n: number) => `(${Array.from({ length: n }, () => '?').join(', ')})`;
    const insertOriginal = db.prepare(
      `insert into original_packets (${ORIGINAL_COLUMNS.join(', ')}) values ${placeholders(ORIGINAL_COLUMNS.length)}`,
    );
    const upsertMeasurement = db.prepare(
      `insert into measurements (${MEASUREMENT_COLUMNS.join(', ')}) values ${placeholders(MEASUREMENT_COLUMNS.length)} ${MEASUREMENT_CONFLICT}`,
    );
    const upsertLatest = db.prepare(
      `insert into latest_values (${LATEST_COLUMNS.join(', ')}) values ${placeholders(LATEST_COLUMNS.length)} ${LATEST_CONFLICT}`,
    );
    const write = db.transaction((b: BatchRows) => {
      for (const r of b.originals) insertOriginal.run(r);
      for (const r of b.measurements) upsertMeasurement.run(r);
      for (const r of b.latest) upsertLatest.run(r);
    });
    return await run(plan, (b) => write(b));
  } finally {
    db.close();
  }
}

/** pg on one connection: multi-row INSERTs of up to 1,000 rows in one transaction per batch. */
export async function rawPostgres(url: string, plan: RawPlan): Promise<RawResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const texts = new Map<string, string>();
  const statement = (table: string, columns: string[], rows: number, conflict: string) => {
    const key = `${table}|${rows}`;
    let text = texts.get(key);
    if (text === undefined) {
      const tuples: string[] = [];
      for (let r = 0; r < rows; r += 1) {
        tuples.push(`(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
      }
      text = `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')} ${conflict}`;
      texts.set(key, text);
    }
    return text;
  };
  const insertAll = async (table: string, columns: string[], rows: Value[][], conflict: string) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
      await client.query(statement(table, columns, chunk.length, conflict), chunk.flat());
    }
  };
  try {
    return await run(plan, async (b) => {
      await client.query('begin');
      try {
        await insertAll('original_packets', ORIGINAL_COLUMNS, b.originals, '');
        await insertAll('measurements', MEASUREMENT_COLUMNS, b.measurements, MEASUREMENT_CONFLICT);
        await insertAll('latest_values', LATEST_COLUMNS, b.latest, LATEST_CONFLICT);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
    });
  } finally {
    await client.end();
  }
}
