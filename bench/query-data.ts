// The dataset of `npm run bench:query`: STATIONS stations × FACTORS factors × one year of hourly values with
// their day and month rollups, plus the first station's minute values for the same year — deterministic
// pseudo-random values (a daily cycle plus noise), some station flags and platform flags not N, cou on the
// flow factor. Written straight into measurements in primary-key order (SQLite: one transaction per batch
// of prepared inserts on its own connection; PostgreSQL: multi-row inserts from unnest'ed arrays).
import { performance } from 'node:perf_hooks';
import { HOUR_MS, MINUTE_MS } from '@envmon/shared';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

export const FACTORS = [
  'w01018', // COD
  'w01001', // pH
  'w01009', // dissolved oxygen
  'w21003', // ammonia nitrogen
  'w21011', // total phosphorus
  'w21001', // total nitrogen
  'w01010', // water temperature
  'w01014', // conductivity
  'w01003', // turbidity
  'w00000', // flow (cou = volume)
] as const;
export const FLOW_FACTOR = 'w00000';

/** Stations report Beijing time: their days and months start at local midnight. */
export const OFFSET_MINUTES = 480;
const OFFSET_MS = OFFSET_MINUTES * MINUTE_MS;

export interface DatasetShape {
  stations: number;
  /** The year (station-local) the data covers. */
  year: number;
}

export interface DatasetRange {
  begin: number;
  end: number;
}

export const yearRange = (year: number): DatasetRange => ({
  begin: Date.UTC(year, 0, 1) - OFFSET_MS,
  end: Date.UTC(year + 1, 0, 1) - OFFSET_MS,
});

/** One measurement row in the table's column order. */
type Row = [
  deviceId: number,
  kind: string,
  dataTime: number,
  factorCode: string,
  value: number | null,
  min: number | null,
  max: number | null,
  cou: number | null,
  flag: string,
  quality: string,
  receivedAt: number,
];

/** mulberry32: a small deterministic generator, so every run writes the same values. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** A value of factor f at time t: a base per factor, a daily cycle and noise. */
function valueAt(f: number, t: number, noise: number): number {
  const base = 5 + f * 7;
  return round(base * (1 + 0.2 * Math.sin((2 * Math.PI * (t % 86_400_000)) / 86_400_000)) + base * 0.1 * (noise - 0.5));
}

/** About 1 in 100 values carries an instrument flag, 1 in 200 a platform flag. */
function flags(rnd: () => number): [string, string] {
  const r = rnd();
  return [r < 0.01 ? 'D' : 'N', r > 0.995 ? 'SH4' : 'N'];
}

/** Hour rows of one station, with the day and month rollups computed from them, in primary-key order per kind. */
function* stationRows(deviceId: number, shape: DatasetShape): Generator<Row[]> {
  const rnd = random(deviceId * 7919);
  const { begin, end } = yearRange(shape.year);
  const hours: Row[] = [];
  const days = new Map<number, { sum: number[]; n: number[]; min: number[]; max: number[]; cou: number }>();
  for (let t = begin; t < end; t += HOUR_MS) {
    const day = Math.floor((t + OFFSET_MS) / 86_400_000) * 86_400_000 - OFFSET_MS;
    let d = days.get(day);
    if (!d) {
      d = { sum: [], n: [], min: [], max: [], cou: 0 };
      days.set(day, d);
    }
    for (let f = 0; f < FACTORS.length; f++) {
      const value = valueAt(f, t, rnd());
      const [flag, quality] = flags(rnd);
      const cou = FACTORS[f] === FLOW_FACTOR ? round(value * 3.6) : null;
      hours.push([
        deviceId,
        'hour',
        t,
        FACTORS[f] as string,
        value,
        round(value * 0.9),
        round(value * 1.1),
        cou,
        flag,
        quality,
        t,
      ]);
      d.sum[f] = (d.sum[f] ?? 0) + value;
      d.n[f] = (d.n[f] ?? 0) + 1;
      d.min[f] = Math.min(d.min[f] ?? Infinity, value * 0.9);
      d.max[f] = Math.max(d.max[f] ?? -Infinity, value * 1.1);
      if (cou !== null) d.cou += cou;
    }
    if (hours.length >= 20_000) yield hours.splice(0);
  }
  yield hours.splice(0);
  const dayRows: Row[] = [];
  const months = new Map<number, { sum: number[]; n: number[]; cou: number }>();
  for (const [day, d] of days) {
    const local = new Date(day + OFFSET_MS);
    const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET_MS;
    let m = months.get(month);
    if (!m) {
      m = { sum: [], n: [], cou: 0 };
      months.set(month, m);
    }
    for (let f = 0; f < FACTORS.length; f++) {
      const avg = round((d.sum[f] ?? 0) / (d.n[f] ?? 1));
      const isFlow = FACTORS[f] === FLOW_FACTOR;
      const [flag] = flags(rnd);
      dayRows.push([
        deviceId,
        'day',
        day,
        FACTORS[f] as string,
        avg,
        round(d.min[f] ?? 0),
        round(d.max[f] ?? 0),
        isFlow ? round(d.cou) : null,
        flag,
        'N',
        day,
      ]);
      m.sum[f] = (m.sum[f] ?? 0) + avg;
      m.n[f] = (m.n[f] ?? 0) + 1;
      if (isFlow) m.cou += d.cou;
    }
  }
  yield dayRows;
  const monthRows: Row[] = [];
  for (const [month, m] of months) {
    for (let f = 0; f < FACTORS.length; f++) {
      const isFlow = FACTORS[f] === FLOW_FACTOR;
      monthRows.push([
        deviceId,
        'month',
        month,
        FACTORS[f] as string,
        round((m.sum[f] ?? 0) / (m.n[f] ?? 1)),
        null,
        null,
        isFlow ? round(m.cou) : null,
        'N',
        'N',
        month,
      ]);
    }
  }
  yield monthRows;
}

/** One station's minute values for the year (525,600 per factor). */
function* minuteRows(deviceId: number, shape: DatasetShape): Generator<Row[]> {
  const rnd = random(deviceId * 104_729);
  const { begin, end } = yearRange(shape.year);
  const rows: Row[] = [];
  for (let t = begin; t < end; t += MINUTE_MS) {
    for (let f = 0; f < FACTORS.length; f++) {
      const value = valueAt(f, t, rnd());
      const [flag, quality] = flags(rnd);
      const cou = FACTORS[f] === FLOW_FACTOR ? round(value * 0.06) : null;
      rows.push([deviceId, 'min', t, FACTORS[f] as string, value, null, null, cou, flag, quality, t]);
    }
    if (rows.length >= 20_000) yield rows.splice(0);
  }
  yield rows;
}

/** Every batch of the dataset: per station its hours, days and months; the first station's minutes too. */
export function* datasetBatches(deviceIds: readonly number[], shape: DatasetShape): Generator<Row[]> {
  for (const [i, id] of deviceIds.entries()) {
    // Within a station the primary key orders kinds by name ('day' < 'hour' < 'min' < 'month'); each
    // kind is written in time order, which is what an append-friendly load needs.
    yield* stationRows(id, shape);
    if (i === 0) yield* minuteRows(id, shape);
  }
}

const INSERT_COLUMNS = 'device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at';

/**
 * What the ingest does in each batch's transaction, here once for the whole dataset: every hour of minute values
 * is marked for its hourly tiles (issue 22), which the TileBuilder then builds (query.ts, before measuring).
 */
const MARK_TILE_HOURS = `insert into measurement_tiles_dirty (device_id, kind, hour, seq)
  select distinct device_id, kind, (data_time / 3600000) * 3600000, 1 from measurements where kind in ('rtd', 'min')`;

/** Writes the dataset to a SQLite file (its own connection; the app's is open beside it, WAL). Rows written. */
export function loadSqlite(
  file: string,
  deviceIds: readonly number[],
  shape: DatasetShape,
  log: (line: string) => void,
): number {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const insert = sqlite.prepare(
    `insert into measurements (${INSERT_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const write = sqlite.transaction((rows: Row[]) => {
    for (const row of rows) insert.run(row);
  });
  let written = 0;
  const started = performance.now();
  let lastLog = started;
  try {
    for (const batch of datasetBatches(deviceIds, shape)) {
      write(batch);
      written += batch.length;
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(
          `    … ${(written / 1e6).toFixed(1)} M rows (${Math.round(written / ((lastLog - started) / 1000))} rows/s)`,
        );
      }
    }
    sqlite.exec(MARK_TILE_HOURS);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    sqlite.close();
  }
  return written;
}

/** Writes the dataset to PostgreSQL, 20,000 rows a statement, then VACUUM ANALYZE (what autovacuum does on a live database). */
export async function loadPostgres(
  url: string,
  deviceIds: readonly number[],
  shape: DatasetShape,
  log: (line: string) => void,
): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let written = 0;
  const started = performance.now();
  let lastLog = started;
  try {
    for (const batch of datasetBatches(deviceIds, shape)) {
      const columns = Array.from({ length: 11 }, (_, c) => batch.map((row) => row[c]));
      await client.query(
        `insert into measurements (${INSERT_COLUMNS})
         select * from unnest($1::integer[], $2::text[], $3::bigint[], $4::text[], $5::float8[], $6::float8[],
                              $7::float8[], $8::float8[], $9::text[], $10::text[], $11::bigint[])`,
        columns,
      );
      written += batch.length;
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        log(
          `    … ${(written / 1e6).toFixed(1)} M rows (${Math.round(written / ((lastLog - started) / 1000))} rows/s)`,
        );
      }
    }
    await client.query(MARK_TILE_HOURS);
    await client.query('vacuum analyze measurements');
  } finally {
    await client.end();
  }
  return written;
}
