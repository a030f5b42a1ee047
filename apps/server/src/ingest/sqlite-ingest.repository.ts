import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { IngestBatch, IngestRepository } from './ingest.repository.js';

/**
 * The SQLite write path of the ingest pipeline: statements prepared once and run row by row in
 * one better-sqlite3 transaction per batch. Same rows and upserts as the Kysely repository; it
 * exists because building, compiling and preparing a thousand-row statement through Kysely for
 * every batch cost more than SQLite's own work (see bench/ingest.ts). The connection is Kysely's:
 * each batch runs while holding it, so it never lands inside a transaction Kysely has open.
 */
export class SqliteIngestRepository implements IngestRepository {
  private readonly write: (batch: IngestBatch) => void;

  constructor(
    private readonly db: Kysely<Database>,
    sqlite: SqliteDatabase.Database,
  ) {
    const insertOriginal = sqlite.prepare(
      `insert into original_packets (received_at, remote, device_id, mn, cn, qn, data_time, raw, accepted, reason)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const upsertMeasurement = sqlite.prepare(
      `insert into measurements (device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (device_id, kind, data_time, factor_code) do update set
         value = excluded.value, min = excluded.min, max = excluded.max, cou = excluded.cou,
         flag = excluded.flag, quality = excluded.quality, received_at = excluded.received_at`,
    );
    const upsertLatest = sqlite.prepare(
      `insert into latest_values (device_id, factor_code, kind, data_time, value, flag, quality, received_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (device_id, factor_code) do update set
         kind = excluded.kind, data_time = excluded.data_time, value = excluded.value,
         flag = excluded.flag, quality = excluded.quality, received_at = excluded.received_at
       where excluded.data_time >= latest_values.data_time`,
    );
    const recomputeRollup = sqlite.prepare(
      `insert into measurements (device_id, kind, data_time, factor_code, value, min, max, cou, flag, quality, received_at)
       select device_id, ?, ?, factor_code, avg(value), min(coalesce(min, value)), max(coalesce(max, value)), sum(cou),
              null, 'N', max(received_at)
       from measurements
       where device_id = ? and factor_code = ? and kind = 'day' and data_time >= ? and data_time < ?
       group by device_id, factor_code
       on conflict (device_id, kind, data_time, factor_code) do update set
         value = excluded.value, min = excluded.min, max = excluded.max, cou = excluded.cou,
         received_at = excluded.received_at`,
    );
    this.write = sqlite.transaction((batch: IngestBatch) => {
      for (const o of batch.originals) {
        insertOriginal.run(
          o.receivedAt,
          o.remote,
          o.deviceId,
          o.mn,
          o.cn,
          o.qn,
          o.dataTime,
          o.raw,
          o.accepted,
          o.reason,
        );
      }
      for (const m of batch.measurements) {
        upsertMeasurement.run(
          m.deviceId,
          m.kind,
          m.dataTime,
          m.factorCode,
          m.value,
          m.min,
          m.max,
          m.cou,
          m.flag,
          m.quality,
          m.receivedAt,
        );
      }
      for (const l of batch.latest) {
        upsertLatest.run(l.deviceId, l.factorCode, l.kind, l.dataTime, l.value, l.flag, l.quality, l.receivedAt);
      }
      for (const r of batch.rollups) recomputeRollup.run(r.kind, r.from, r.deviceId, r.factorCode, r.from, r.to);
    });
  }

  async writeBatch(batch: IngestBatch): Promise<void> {
    await this.db.connection().execute(() => {
      this.write(batch);
      return Promise.resolve();
    });
  }
}
