import { HOUR_MS } from '@envmon/shared';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/connection.js';
import { reportedValueSql } from '../db/queries/audited.js';
import type { Database, MeasurementTilesTable } from '../db/schema.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { hourExtremes } from './tiles.js';

/** How often the server looks for stale tiles, and how many hours one transaction rebuilds. */
export const TILE_BUILD_INTERVAL_MS = 30_000;
export const TILE_BUILD_BATCH_HOURS = 50;

/**
 * Rebuilds the hourly tiles (migration 0028) of the hours marked dirty. Each batch is one transaction that
 * claims up to `limit` dirty hours — PostgreSQL: `for update skip locked`, so several processes build side by
 * side and a writer marking a claimed hour waits for the batch rather than being lost; SQLite: `begin
 * immediate`, so the batch never reads a snapshot the writer thread has moved past — recomputes every factor's
 * tile of each hour from the measurements, and clears the mark only where its seq is still the one read: an
 * hour changed meanwhile stays dirty for the next batch.
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

  /** Rebuilds up to `limit` dirty hours; returns how many it took. */
  async build(limit = TILE_BUILD_BATCH_HOURS): Promise<number> {
    return this.db.connection().execute(async (conn) => {
      await sql.raw(this.dialect === 'sqlite' ? 'begin immediate' : 'begin').execute(conn);
      try {
        const taken = await this.buildIn(conn, limit);
        await sql`commit`.execute(conn);
        return taken;
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    });
  }

  private async buildIn(conn: Kysely<Database>, limit: number): Promise<number> {
    const claimed = await conn
      .selectFrom('measurementTilesDirty')
      .select(['deviceId', 'kind', 'hour', 'seq'])
      .where('hour', '<=', this.clock.now() - HOUR_MS)
      .orderBy('deviceId')
      .orderBy('kind')
      .orderBy('hour')
      .limit(limit)
      .$if(this.dialect === 'postgres', (q) => q.forUpdate().skipLocked())
      .execute();
    for (const c of claimed) {
      const hour = Number(c.hour);
      const rows = await conn
        .selectFrom('measurements')
        .select(['factorCode', 'dataTime', 'value', sql<number | null>`${sql.raw(reportedValueSql())}`.as('reported')])
        .where('deviceId', '=', c.deviceId)
        .where('kind', '=', c.kind)
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
          deviceId: c.deviceId,
          kind: c.kind,
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
      if (tiles.length > 0) {
        await conn
          .deleteFrom('measurementTiles')
          .where('deviceId', '=', c.deviceId)
          .where('kind', '=', c.kind)
          .where('factorCode', 'in', [...byFactor.keys()])
          .where('hour', '=', hour)
          .execute();
        await conn.insertInto('measurementTiles').values(tiles).execute();
      }
      await conn
        .deleteFrom('measurementTilesDirty')
        .where('deviceId', '=', c.deviceId)
        .where('kind', '=', c.kind)
        .where('hour', '=', hour)
        .where('seq', '=', c.seq)
        .execute();
    }
    return claimed.length;
  }
}

/** What the periodic build logs through: a Fastify logger (app.log.child(...)) fits. */
export interface TileBuildLog {
  error(fields: object, msg: string): void;
}

/**
 * Runs the builder every `intervalMs`, batch after batch until no dirty hour is left (the event loop gets a turn
 * between batches). The returned stop ends the timer and waits for a run in progress: call it before the database
 * closes.
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
      await new Promise((resolve) => setImmediate(resolve));
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
