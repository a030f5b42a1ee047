import type SqliteDatabase from 'better-sqlite3';
import {
  type IngestBatch,
  type LatestRow,
  type MeasurementRow,
  type OriginalRow,
  ROLLUP_AGGREGATES,
  type RollupTarget,
} from './ingest.repository.js';
import type { TileHour } from './tiles.js';

/** Measurement rows per multi-row upsert: one statement run (and one step through the driver) for them all. */
const MEASUREMENTS_PER_STATEMENT = 32;

/** `rows` measurement upserts in one statement; SQLite applies them in order, a repeated key updating the earlier. */
const upsertMeasurements = (rows: number) =>
  `insert into measurements (device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at,
       station_value)
     values ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
     on conflict (device_id, kind, data_time, factor_code) do update set
       value = excluded.value, min = excluded.min, max = excluded.max, cou = excluded.cou,
       flag = excluded.flag, quality = excluded.quality, received_at = excluded.received_at,
       station_value = excluded.station_value`;

/** The statements of one SQLite ingest batch: the same rows and upserts as the PostgreSQL path. */
export const SQLITE_INGEST_SQL = {
  insertOriginal: `insert into original_packets (received_at, remote, device_id, mn, cn, qn, data_time, raw, accepted, reason)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  upsertMeasurement: upsertMeasurements(1),
  /** Measurements go in `measurementsPerStatement` at a time, the rest of a batch one by one. */
  upsertMeasurements: upsertMeasurements(MEASUREMENTS_PER_STATEMENT),
  measurementsPerStatement: MEASUREMENTS_PER_STATEMENT,
  upsertLatest: `insert into latest_values (device_id, factor_code, kind, data_time, value, flag, quality, received_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (device_id, factor_code) do update set
       kind = excluded.kind, data_time = excluded.data_time, value = excluded.value,
       flag = excluded.flag, quality = excluded.quality, received_at = excluded.received_at
     where excluded.data_time >= latest_values.data_time`,
  recomputeRollup: `insert into measurements (device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at)
     select device_id, ?, ?, factor_code, ${ROLLUP_AGGREGATES}, null, 'N', max(received_at)
     from measurements
     where device_id = ? and factor_code = ? and kind = 'day' and data_time >= ? and data_time < ?
     group by device_id, factor_code
     on conflict (device_id, kind, data_time, factor_code) do update set
       value = excluded.value, min = excluded.min, max = excluded.max, cou = excluded.cou,
       received_at = excluded.received_at`,
  markTileHour: `insert into measurement_tiles_dirty (device_id, kind, hour, seq) values (?, ?, ?, 1)
     on conflict (device_id, kind, hour) do update set seq = measurement_tiles_dirty.seq + 1`,
};

export type SqliteIngestSql = typeof SQLITE_INGEST_SQL;

/**
 * An ingest batch in columns: numbers in typed arrays (NaN for null), repeated short strings
 * (kinds, factor codes, flags, MNs, addresses, reasons) as indexes into `words` (-1 for null).
 * Copying it to the writer thread costs a fraction of copying ten thousand row objects, and its
 * typed arrays are handed over without a copy at all.
 */
export interface PackedBatch {
  words: string[];
  /** Per original packet: receivedAt, deviceId, dataTime, accepted. */
  originalNumbers: Float64Array;
  /** Per original packet: remote, mn, cn, reason. */
  originalWords: Int32Array;
  qns: (string | null)[];
  raws: string[];
  /** Per measurement: deviceId, dataTime, value, min, max, cou, receivedAt, stationValue. */
  measurementNumbers: Float64Array;
  /** Per measurement: kind, factorCode, flag, quality. */
  measurementWords: Int32Array;
  /** Per latest value: deviceId, dataTime, value, receivedAt. */
  latestNumbers: Float64Array;
  /** Per latest value: factorCode, kind, flag, quality. */
  latestWords: Int32Array;
  rollups: RollupTarget[];
  tileHours: TileHour[];
}

export function packBatch(batch: IngestBatch): PackedBatch {
  const words: string[] = [];
  const index = new Map<string, number>();
  const word = (text: string | null): number => {
    if (text === null) return -1;
    let i = index.get(text);
    if (i === undefined) {
      i = words.push(text) - 1;
      index.set(text, i);
    }
    return i;
  };
  const number = (n: number | null): number => n ?? Number.NaN;
  // Every kind of row has four words (named arguments: a rest array would be one more allocation a row).
  type Text = string | null;
  const putWords = (into: Int32Array, at: number, a: Text, b: Text, c: Text, d: Text) => {
    into[at] = word(a);
    into[at + 1] = word(b);
    into[at + 2] = word(c);
    into[at + 3] = word(d);
  };

  // Element by element, not `.set([...])`: an array per row is most of what packing would otherwise allocate.
  const { originals, measurements, latest } = batch;
  const originalNumbers = new Float64Array(originals.length * 4);
  const originalWords = new Int32Array(originals.length * 4);
  const qns: (string | null)[] = [];
  const raws: string[] = [];
  for (let i = 0, n = 0; i < originals.length; i += 1, n += 4) {
    const o = originals[i] as OriginalRow;
    originalNumbers[n] = o.receivedAt;
    originalNumbers[n + 1] = number(o.deviceId);
    originalNumbers[n + 2] = number(o.dataTime);
    originalNumbers[n + 3] = o.accepted;
    putWords(originalWords, n, o.remote, o.mn, o.cn, o.reason);
    qns.push(o.qn);
    raws.push(o.raw);
  }
  const measurementNumbers = new Float64Array(measurements.length * 8);
  const measurementWords = new Int32Array(measurements.length * 4);
  for (let i = 0, n = 0, w = 0; i < measurements.length; i += 1, n += 8, w += 4) {
    const m = measurements[i] as MeasurementRow;
    measurementNumbers[n] = m.deviceId;
    measurementNumbers[n + 1] = m.dataTime;
    measurementNumbers[n + 2] = number(m.value);
    measurementNumbers[n + 3] = number(m.min);
    measurementNumbers[n + 4] = number(m.max);
    measurementNumbers[n + 5] = number(m.cou);
    measurementNumbers[n + 6] = m.receivedAt;
    measurementNumbers[n + 7] = number(m.stationValue ?? null);
    putWords(measurementWords, w, m.kind, m.factorCode, m.flag, m.quality);
  }
  const latestNumbers = new Float64Array(latest.length * 4);
  const latestWords = new Int32Array(latest.length * 4);
  for (let i = 0, n = 0; i < latest.length; i += 1, n += 4) {
    const l = latest[i] as LatestRow;
    latestNumbers[n] = l.deviceId;
    latestNumbers[n + 1] = l.dataTime;
    latestNumbers[n + 2] = number(l.value);
    latestNumbers[n + 3] = l.receivedAt;
    putWords(latestWords, n, l.factorCode, l.kind, l.flag, l.quality);
  }
  return {
    words,
    originalNumbers,
    originalWords,
    qns,
    raws,
    measurementNumbers,
    measurementWords,
    latestNumbers,
    latestWords,
    rollups: batch.rollups,
    tileHours: batch.tileHours,
  };
}

/** The buffers of a packed batch, to be moved to another thread rather than copied. */
export const packedBuffers = (p: PackedBatch): ArrayBuffer[] =>
  [p.originalNumbers, p.originalWords, p.measurementNumbers, p.measurementWords, p.latestNumbers, p.latestWords].map(
    (a) => a.buffer as ArrayBuffer,
  );

/**
 * Prepares the batch statements on a connection and returns a function that writes one packed
 * batch in one transaction. It uses nothing from its module scope: the writer thread runs its
 * source text (see sqlite-writer-thread.ts), so it may only touch its arguments.
 */
export function createBatchWriter(sqlite: SqliteDatabase.Database, sql: SqliteIngestSql): (batch: PackedBatch) => void {
  const insertOriginal = sqlite.prepare(sql.insertOriginal);
  const upsertMeasurement = sqlite.prepare(sql.upsertMeasurement);
  const upsertMeasurements = sqlite.prepare(sql.upsertMeasurements);
  /** One multi-row statement's parameters, refilled for each. */
  const chunk: (string | number | null)[] = new Array<null>(sql.measurementsPerStatement * 12).fill(null);
  const upsertLatest = sqlite.prepare(sql.upsertLatest);
  const recomputeRollup = sqlite.prepare(sql.recomputeRollup);
  const markTileHour = sqlite.prepare(sql.markTileHour);
  const orNull = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? null : n);
  return sqlite.transaction((b: PackedBatch) => {
    const word = (i: number | undefined) => (i === undefined || i < 0 ? null : (b.words[i] ?? null));
    const on = b.originalNumbers;
    const ow = b.originalWords;
    for (let i = 0, n = 0; i < b.raws.length; i += 1, n += 4) {
      // received_at, remote, device_id, mn, cn, qn, data_time, raw, accepted, reason
      insertOriginal.run(
        on[n],
        word(ow[n]),
        orNull(on[n + 1]),
        word(ow[n + 1]),
        word(ow[n + 2]),
        b.qns[i],
        orNull(on[n + 2]),
        b.raws[i],
        on[n + 3],
        word(ow[n + 3]),
      );
    }
    const mn = b.measurementNumbers;
    const mw = b.measurementWords;
    const measurements = mn.length / 8;
    const whole = measurements - (measurements % sql.measurementsPerStatement);
    for (let row = 0; row < measurements; row += 1) {
      const n = row * 8;
      const w = row * 4;
      // device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at, station_value
      const at = row < whole ? (row % sql.measurementsPerStatement) * 12 : 0;
      chunk[at] = mn[n] ?? null;
      chunk[at + 1] = word(mw[w]);
      chunk[at + 2] = mn[n + 1] ?? null;
      chunk[at + 3] = word(mw[w + 1]);
      chunk[at + 4] = orNull(mn[n + 2]);
      chunk[at + 5] = orNull(mn[n + 3]);
      chunk[at + 6] = orNull(mn[n + 4]);
      chunk[at + 7] = orNull(mn[n + 5]);
      chunk[at + 8] = word(mw[w + 2]);
      chunk[at + 9] = word(mw[w + 3]);
      chunk[at + 10] = mn[n + 6] ?? null;
      chunk[at + 11] = orNull(mn[n + 7]);
      if (row >= whole) upsertMeasurement.run(chunk.slice(0, 12));
      else if (at === (sql.measurementsPerStatement - 1) * 12) upsertMeasurements.run(chunk);
    }
    const ln = b.latestNumbers;
    const lw = b.latestWords;
    for (let n = 0; n < ln.length; n += 4) {
      // device_id, factor_code, kind, data_time, value, flag, quality, received_at
      upsertLatest.run(
        ln[n],
        word(lw[n]),
        word(lw[n + 1]),
        ln[n + 1],
        orNull(ln[n + 2]),
        word(lw[n + 2]),
        word(lw[n + 3]),
        ln[n + 3],
      );
    }
    for (const r of b.rollups) recomputeRollup.run(r.kind, r.from, r.deviceId, r.factorCode, r.from, r.to);
    for (const t of b.tileHours) markTileHour.run(t.deviceId, t.kind, t.hour);
  });
}
