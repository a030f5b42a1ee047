import { type ChartPoint, type HistoryChart, HOUR_MS, MINUTE_MS } from '@envmon/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/connection.js';
import type { MeasurementsTable } from '../../db/schema.js';
import type { IngestRepository } from '../../ingest/ingest.repository.js';
import { PostgresIngestRepository } from '../../ingest/postgres-ingest.repository.js';
import { SqliteIngestRepository } from '../../ingest/sqlite-ingest.repository.js';
import { TILE_BUILD_LOCK, TileBuilder } from '../../ingest/tile-builder.js';
import { hourOf } from '../../ingest/tiles.js';
import { ManualClock } from '../../lib/clock.js';
import { ADMIN_PASSWORD, call, login, useTestApp } from '../../test/harness.js';
import { insertDevice } from '../deploy/device-panel.test-support.js';
import { DeviceRepository } from '../device/device.repository.js';
import { RetentionRepository } from '../job/actions/retention.repository.js';
import { COD, HISTORY } from './history.test-support.js';

// The minute chart over many hours from hourly tiles (issue 22) must draw what min/max per bucket of whole hours
// over the stored values draws — whatever state the tiles are in: none built yet, built, stale after a backfill,
// an audit or retention, or rebuilt while a packet arrives.

const START = Date.UTC(2026, 4, 1);
const DAYS = 10;
/** Not on whole hours: the first and last hours are cut into. */
const FROM = START + 17 * MINUTE_MS;
const TO = START + DAYS * 24 * HOUR_MS - 13 * MINUTE_MS;
const MAX_POINTS = 100;

interface RawRow {
  dataTime: number;
  value: number | null;
  auditState: string | null;
  auditValue: number | null;
}

/** What the chart must show: per bucket of whole hours (downsampleMinMax's rule), computed from the rows one by one. */
function expectedPoints(rows: readonly RawRow[], audited: boolean): ChartPoint[] {
  const first = hourOf(FROM);
  const hours = (hourOf(TO - 1) + HOUR_MS - first) / HOUR_MS;
  const width = Math.ceil(hours / Math.floor(MAX_POINTS / 2)) * HOUR_MS;
  const reported = (r: RawRow) =>
    !audited
      ? r.value
      : r.auditState === 'invalid'
        ? null
        : r.auditState === 'replaced' || r.auditState === 'recomputed'
          ? r.auditValue
          : r.value;
  const buckets = new Map<number, RawRow[]>();
  for (const r of rows) {
    const b = Math.floor((r.dataTime - first) / width);
    buckets.set(b, [...(buckets.get(b) ?? []), r]);
  }
  const out: ChartPoint[] = [];
  for (const [b, members] of [...buckets].sort(([x], [y]) => x - y)) {
    let lo: [number, number] | null = null;
    let hi: [number, number] | null = null;
    for (const r of [...members].sort((x, y) => x.dataTime - y.dataTime)) {
      const v = reported(r);
      if (v === null) continue;
      if (lo === null || v < lo[1]) lo = [r.dataTime, v];
      if (hi === null || v > hi[1]) hi = [r.dataTime, v];
    }
    if (!lo || !hi) out.push([Math.max(first + b * width, FROM), null]);
    else if (lo[0] === hi[0]) out.push(lo);
    else out.push(...(lo[0] < hi[0] ? [lo, hi] : [hi, lo]));
  }
  return out;
}

/** Deterministic values with ties, nulls, an hour of nulls only, a 7-hour gap and missing minutes. */
function minuteValues(): { dataTime: number; value: number | null }[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const out: { dataTime: number; value: number | null }[] = [];
  for (let i = 0; i < DAYS * 24 * 60; i++) {
    const dataTime = START + i * MINUTE_MS;
    const hour = Math.floor(i / 60);
    const roll = next();
    if ((hour >= 100 && hour < 107) || roll < 0.05) continue;
    out.push({ dataTime, value: hour === 50 || roll > 0.97 ? null : Math.floor(next() * 50) });
  }
  return out;
}

describe('history chart from hourly tiles', () => {
  const t = useTestApp();
  let admin: string;
  let device: number;
  let handle: DatabaseHandle;
  let ingest: IngestRepository;
  let builder: TileBuilder;

  beforeAll(async () => {
    admin = await login(t().app, 'admin', ADMIN_PASSWORD);
    device = await insertDevice(t(), 'TILE-A');
    handle = openDatabase(t().config.database);
    ingest = handle.sqlite
      ? new SqliteIngestRepository(handle.db, handle.sqlite)
      : new PostgresIngestRepository(handle.db);
    builder = new TileBuilder(handle.db, t().dialect);
  });

  afterAll(async () => {
    await ingest.close();
    await handle.db.destroy();
  });

  /** Minute values of COD as the ingest writes them, each batch marking its hours. */
  async function write(values: readonly { dataTime: number; value: number | null }[]): Promise<void> {
    for (let i = 0; i < values.length; i += 2000) {
      const part = values.slice(i, i + 2000);
      const measurements: MeasurementsTable[] = part.map(({ dataTime, value }) => ({
        deviceId: device,
        kind: 'min',
        dataTime,
        factorCode: COD,
        value,
        min: null,
        max: null,
        cou: null,
        flag: 'N',
        quality: 'N',
        receivedAt: dataTime,
      }));
      const hours = [...new Set(part.map((v) => hourOf(v.dataTime)))];
      await ingest.writeBatch({
        originals: [],
        measurements,
        latest: [],
        rollups: [],
        tileHours: hours.map((hour) => ({ deviceId: device, kind: 'min', hour })),
      });
    }
  }

  const raw = async (): Promise<RawRow[]> =>
    (
      await handle.db
        .selectFrom('measurements')
        .select(['dataTime', 'value', 'auditState', 'auditValue'])
        .where('deviceId', '=', device)
        .where('kind', '=', 'min')
        .where('factorCode', '=', COD)
        .where('dataTime', '>=', FROM)
        .where('dataTime', '<', TO)
        .orderBy('dataTime')
        .execute()
    ).map((r) => ({
      dataTime: Number(r.dataTime),
      value: r.value,
      auditState: r.auditState ?? null,
      auditValue: r.auditValue ?? null,
    }));

  const chart = async (audited: boolean) => {
    const answer = await call<HistoryChart>(t().app, admin, 'GET', `${HISTORY}/chart`, {
      query: {
        timeUnit: 'minute',
        beginTime: String(FROM),
        endTime: String(TO),
        deviceIds: String(device),
        factorCodes: COD,
        maxPoints: String(MAX_POINTS),
        audited: String(audited),
      },
    });
    const series = answer.series[0];
    return { total: series?.total, points: series?.points };
  };

  /** The chart, plain and audited, is the brute-force answer over the rows stored now. */
  async function expectChartsMatch(): Promise<void> {
    const rows = await raw();
    expect(rows.length).toBeGreaterThan(MAX_POINTS);
    for (const audited of [false, true]) {
      expect(await chart(audited)).toEqual({ total: rows.length, points: expectedPoints(rows, audited) });
    }
  }

  const buildAll = async () => {
    while ((await builder.build(40)) > 0);
  };

  /** The hour marked stale, as a batch writing into it marks it. */
  const markDirty = (hour: number) =>
    handle.db.insertInto('measurementTilesDirty').values({ deviceId: device, kind: 'min', hour, seq: 1 }).execute();

  const dirtyHours = async () =>
    (
      await handle.db
        .selectFrom('measurementTilesDirty')
        .select(['hour', 'seq'])
        .where('deviceId', '=', device)
        .orderBy('hour')
        .execute()
    ).map((d) => [Number(d.hour), d.seq]);

  const tileCount = async () => {
    const row = await handle.db
      .selectFrom('measurementTiles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('deviceId', '=', device)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('draws per bucket of whole hours the extremes of the values, before and after the tiles are built', async () => {
    const values = minuteValues();
    await write(values);
    const hours = new Set(values.map((v) => hourOf(v.dataTime)));
    expect((await dirtyHours()).length).toBe(hours.size);
    expect(await tileCount()).toBe(0);
    await expectChartsMatch();

    await buildAll();
    expect(await dirtyHours()).toEqual([]);
    // One tile per hour holding values (the hour of nulls too: its count).
    expect(await tileCount()).toBe(hours.size);
    await expectChartsMatch();
  });

  it('computes a backfilled hour from its values until its tile is rebuilt', async () => {
    const old = START + 3 * HOUR_MS + 30 * MINUTE_MS;
    const inGap = START + 103 * HOUR_MS;
    await write([
      { dataTime: old, value: 1000 },
      { dataTime: inGap, value: -1000 },
    ]);
    expect(await dirtyHours()).toEqual([
      [hourOf(old), 1],
      [inGap, 1],
    ]);
    await expectChartsMatch();
    expect((await chart(false)).points).toEqual(expect.arrayContaining([[old, 1000] as ChartPoint]));
    await buildAll();
    expect(await dirtyHours()).toEqual([]);
    await expectChartsMatch();
  });

  it('charts audited values as reports take them', async () => {
    // The audit screens audit hour and day values only; an audit laid on minute values must still be charted right.
    const hour = START + 10 * HOUR_MS;
    await handle.db
      .updateTable('measurements')
      .set({ auditState: 'invalid' })
      .where('deviceId', '=', device)
      .where('kind', '=', 'min')
      .where('dataTime', '>=', hour)
      .where('dataTime', '<', hour + 30 * MINUTE_MS)
      .execute();
    await handle.db
      .updateTable('measurements')
      .set({ auditState: 'replaced', auditValue: -5 })
      .where('deviceId', '=', device)
      .where('kind', '=', 'min')
      .where('dataTime', '>=', hour + 40 * MINUTE_MS)
      .where('dataTime', '<', hour + 42 * MINUTE_MS)
      .execute();
    await markDirty(hour);
    await expectChartsMatch();
    await buildAll();
    await expectChartsMatch();
  });

  it('keeps an hour dirty that changes while its tiles are rebuilt', async () => {
    for (let round = 0; round < 5; round++) {
      const hour = START + (20 + round) * HOUR_MS;
      await markDirty(hour);
      // The builder and a packet into the same hour, side by side: either the rebuild saw the packet, or the hour
      // is still dirty after it.
      await Promise.all([builder.build(40), write([{ dataTime: hour + 59 * MINUTE_MS, value: 500 + round }])]);
      await expectChartsMatch();
    }
    await buildAll();
    await expectChartsMatch();
  });

  it('builds beside another holder of the database: it waits for the SQLite writer, or skips while a process builds', async () => {
    const hour = START + 40 * HOUR_MS;
    await markDirty(hour);
    const target = t().config.database;
    if (target.dialect === 'sqlite') {
      // The ingest writer thread's lock, held by another connection: the build stores once it is free.
      const writer = new SqliteDatabase(target.file);
      writer.exec('begin immediate');
      const building = builder.build(40);
      await sleep(50);
      expect(await dirtyHours()).toContainEqual([hour, 1]);
      writer.exec('commit');
      writer.close();
      expect(await building).toBeGreaterThan(0);
    } else {
      // Another process's build holds the turn: this one takes nothing, and the hour waits for a later run.
      await handle.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(${TILE_BUILD_LOCK})`.execute(conn);
        try {
          expect(await builder.build(40)).toBe(0);
        } finally {
          await sql`select pg_advisory_unlock(${TILE_BUILD_LOCK})`.execute(conn);
        }
      });
      expect(await dirtyHours()).toContainEqual([hour, 1]);
      expect(await builder.build(40)).toBeGreaterThan(0);
    }
    expect(await dirtyHours()).not.toContainEqual([hour, 1]);
    await expectChartsMatch();
  });

  it('leaves an hour under way dirty, and builds it once it is over', async () => {
    const hour = START + 30 * HOUR_MS;
    await markDirty(hour);
    const clock = new ManualClock(hour + 30 * MINUTE_MS);
    const atThatTime = new TileBuilder(handle.db, t().dialect, clock);
    expect(await atThatTime.build(40)).toBe(0);
    expect(await dirtyHours()).toEqual([[hour, 1]]);
    await expectChartsMatch();
    clock.advance(30 * MINUTE_MS);
    expect(await atThatTime.build(40)).toBe(1);
    expect(await dirtyHours()).toEqual([]);
    await expectChartsMatch();
  });

  it('drops the tiles of the values retention deletes, rebuilding the hour it cuts into', async () => {
    const retention = new RetentionRepository(handle.db, t().dialect);
    const before = START + 4 * 24 * HOUR_MS + 30 * MINUTE_MS;
    const first = await retention.deleteMeasurements(device, 'min', before, 500);
    expect(first).toBe(500);
    await expectChartsMatch();
    while ((await retention.deleteMeasurements(device, 'min', before, 500)) === 500);
    await expectChartsMatch();
    const stale = await handle.db
      .selectFrom('measurementTiles')
      .select('hour')
      .where('deviceId', '=', device)
      .where('hour', '<', hourOf(before))
      .execute();
    expect(stale).toEqual([]);
    expect(await dirtyHours()).toEqual([[hourOf(before), 1]]);
    await buildAll();
    await expectChartsMatch();
  });

  it('removes the tiles with their device', async () => {
    await write([{ dataTime: START + 200 * HOUR_MS, value: 1 }]);
    expect(await tileCount()).toBeGreaterThan(0);
    expect(await dirtyHours()).not.toEqual([]);
    await new DeviceRepository(handle.db).delete(device);
    expect(await tileCount()).toBe(0);
    expect(await dirtyHours()).toEqual([]);
  });
});
