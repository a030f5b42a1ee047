import { setTimeout as sleep } from 'node:timers/promises';
import { HOUR_MS } from '@envmon/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connection.js';
import { reportedValueSql } from '../db/queries/audited.js';
import type { Database, MeasurementTilesDirtyTable, MeasurementTilesTable } from '../db/schema.js';
import { sqliteWriteTransaction } from '../db/sqlite-write-transaction.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { hourExtremes } from './tiles.js';

/**
 * How often the server looks for stale tiles, how many hours one batch rebuilds, and the pause between batches: a
 * backlog (the top of an hour, a backfill) is worked through in short steps, so that the packets' handling goes on
 * between them (SQLite reads on the event loop itself).
 */
export const TILE_BUILD_INTERVAL_MS = 30_000;
export const TILE_BUILD_BATCH_HOURS = 10;
const TILE_BUILD_PAUSE_MS = 10;

/** A dirty hour taken by a build, with the change count it had when taken. */
type Claim = Pick<MeasurementTilesDirtyTable, 'deviceId' | 'kind' | 'seq'> & { hour: number };

/** An hour's new tiles: one per factor it holds values of. */
interface BuiltHour {
  claim: Claim;
  factorCodes: string[];
  tiles: MeasurementTilesTable[];
}

/** PostgreSQL: the session advisory lock held by the one process building tiles at a time. */
export const TILE_BUILD_LOCK = 0x7469_6c65; // 'tile'

/**
 * Rebuilds the hourly tiles (migration 0028) of the hours marked dirty. A batch takes up to `limit` dirty hours and
 * recomputes every factor's tile of each hour from the measurements, holding no lock: the ingest batches that mark
 * the same hours meanwhile go on beside it. Then, in a short transaction, it stores the tiles of each hour and
 * clears its mark where the mark is still the one taken: an hour changed meanwhile stays dirty for the next batch
 * (its charts compute it on the fly until then), and one whose mark is gone (retention or the device's removal
 * deleted its values and tiles) gets none.
 * - SQLite: the transaction takes the write lock without waiting on the event loop (`sqliteWriteTransaction`).
 * - PostgreSQL: one process builds at a time (a session advisory lock; the others skip their run).
 * Reading under the lock would hold the ingest batches back for the whole read: a few hundred milliseconds per
 * batch of hours at full load.
 *
 * A factor's rows leave an hour only through retention or a device's removal, which delete its tiles themselves,
 * so rewriting the factors the hour holds now is the whole rebuild.
 *
 * Only hours that are over are built: every packet marks the hour it falls in, so an hour still under way would be
 * rebuilt, whole, at every run while its stations keep sending. The chart computes a dirty hour on the fly anyway.
 */
export class TileBuilder {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Rebuilds up to `limit` dirty hours; returns how many it took (0: none, or another process is building). */
  async build(limit = TILE_BUILD_BATCH_HOURS): Promise<number> {
    if (this.dialect === 'sqlite') {
      return this.buildOn(this.db, limit, (built) =>
        sqliteWriteTransaction(this.db, (trx) => this.storeAll(trx, built)),
      );
    }
    return this.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${TILE_BUILD_LOCK}) as got`.execute(
        conn,
      );
      if (!rows[0]?.got) return 0;
      try {
        return await this.buildOn(conn, limit, (built) =>
          conn.transaction().execute((trx) => this.storeAll(trx, built)),
        );
      } finally {
        await sql`select pg_advisory_unlock(${TILE_BUILD_LOCK})`.execute(conn);
      }
    });
  }

  private async buildOn(
    conn: Kysely<Database>,
    limit: number,
    store: (built: readonly BuiltHour[]) => Promise<void>,
  ): Promise<number> {
    const built: BuiltHour[] = [];
    for (const claim of await this.claim(conn, limit)) built.push(await this.rebuild(conn, claim));
    if (built.length > 0) await store(built);
    return built.length;
  }

  private async storeAll(trx: Kysely<Database>, built: readonly BuiltHour[]): Promise<void> {
    for (const hour of built) await this.store(trx, hour);
  }

  private async claim(conn: Kysely<Database>, limit: number): Promise<Claim[]> {
    const rows = await conn
      .selectFrom('measurementTilesDirty')
      .select(['deviceId', 'kind', 'hour', 'seq'])
      .where('hour', '<=', this.clock.now() - HOUR_MS)
      .orderBy('deviceId')
      .orderBy('kind')
      .orderBy('hour')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, hour: Number(r.hour) }));
  }

  /** The tiles of a claimed hour, from its values as they are now. */
  private async rebuild(conn: Kysely<Database>, claim: Claim): Promise<BuiltHour> {
    const { deviceId, kind, hour } = claim;
    const rows = await conn
      .selectFrom('measurements')
      .select(['factorCode', 'dataTime', 'value', sql<number | null>`${sql.raw(reportedValueSql())}`.as('reported')])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '>=', hour)
      .where('dataTime', '<', hour + HOUR_MS)
      .execute();
    const byFactor = new Map<string, { times: number[]; values: number[]; reported: number[] }>();
    for (const r of rows) {
      let series = byFactor.get(r.factorCode);
      if (!series) {
        series = { times: [], values: [], reported: [] };
        byFactor.set(r.factorCode, series);
      }
      series.times.push(Number(r.dataTime));
      series.values.push(r.value ?? Number.NaN);
      series.reported.push(r.reported === null ? Number.NaN : Number(r.reported));
    }
    const tiles: MeasurementTilesTable[] = [];
    for (const [factorCode, s] of byFactor) {
      const [plain] = hourExtremes(s.times, s.values);
      const [reported] = hourExtremes(s.times, s.reported);
      if (!plain || !reported) continue;
      tiles.push({
        deviceId,
        kind,
        factorCode,
        hour,
        n: plain.n,
        loTime: plain.loTime,
        lo: plain.lo,
        hiTime: plain.hiTime,
        hi: plain.hi,
        reportedLoTime: reported.loTime,
        reportedLo: reported.lo,
        reportedHiTime: reported.hiTime,
        reportedHi: reported.hi,
      });
    }
    return { claim, factorCodes: [...byFactor.keys()], tiles };
  }

  /**
   * Replaces the hour's tiles and clears its mark, if the mark is still the one claimed: an hour changed since
   * stays dirty for the next batch, and one whose mark is gone (retention or the device's removal deleted the hour's
   * values and tiles meanwhile) gets no tiles.
   */
  private async store(conn: Kysely<Database>, { claim, factorCodes, tiles }: BuiltHour): Promise<void> {
    const { deviceId, kind, hour, seq } = claim;
    const ofTheHour = { deviceId, kind, hour };
    const mark = await conn
      .selectFrom('measurementTilesDirty')
      .select('seq')
      .where((eb) => eb.and(ofTheHour))
      .executeTakeFirst();
    if (mark === undefined || Number(mark.seq) !== Number(seq)) return;
    if (tiles.length > 0) {
      await conn
        .deleteFrom('measurementTiles')
        .where((eb) => eb.and(ofTheHour))
        .where('factorCode', 'in', factorCodes)
        .execute();
      await conn.insertInto('measurementTiles').values(tiles).execute();
    }
    // Still on its seq: PostgreSQL lets a batch mark the hour between the check above and here.
    await conn
      .deleteFrom('measurementTilesDirty')
      .where((eb) => eb.and({ ...ofTheHour, seq }))
      .execute();
  }
}

/** What the periodic build logs through: a Fastify logger (app.log.child(...)) fits. */
export interface TileBuildLog {
  error(fields: object, msg: string): void;
}

/**
 * Runs the builder every `intervalMs`, batch after batch until no dirty hour is left, with a pause between batches.
 * The returned stop ends the timer and waits for a run in progress: call it before the database closes.
 */
export function startTileBuilding(
  builder: TileBuilder,
  log: TileBuildLog,
  intervalMs = TILE_BUILD_INTERVAL_MS,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const drain = async () => {
    while (!stopped && (await builder.build()) === TILE_BUILD_BATCH_HOURS) {
      await sleep(TILE_BUILD_PAUSE_MS);
    }
  };
  const timer = setInterval(() => {
    running ??= drain()
      .catch((err: unknown) => log.error({ err }, 'building hourly tiles failed; the next run retries'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
