// `npm run bench:query`: server-side times of the data queries on a year of data (issue 6 'Speed').
// Builds a fresh database — SQLite in a temporary directory, or, with a PostgreSQL URL (--database, --pg or
// BENCH_DATABASE_URL), a database envmon_bench_query of its own on that server, dropped afterwards — with
// 100 stations × 10 factors × one year of hourly values and their day and month rollups, plus one station ×
// 10 factors × one year of minute values (bench/query-data.ts). Then the real app (buildApp, migrated and
// seeded, no gateway) answers each case through app.inject() — routing, validation, the query, the
// response's serialisation — a few times to warm up and REPS times measured; it prints median and p95 (ms)
// against the targets. Cases are a list (QueryBenchCase): a new figure is one more entry, see
// `historyCases`, `reportCases`, `dashboardCases` (query-dashboard.ts) and `runQueryBench`.
//
// --layout previous runs the same cases on the storage layout before issue 22 (bench/ingest-layouts.ts: minute
// values in the history index too), for a before/after comparison.
//
//   npm run bench:query [-- --stations 100 --reps 20 --database postgres://user@host:5432/postgres --layout previous]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  DAY_MS,
  type HistoryChart,
  type HistoryTable,
  type SummaryReport,
  type TransmissionReport,
} from '@envmon/shared';
import { buildApp } from '@envmon/server/dist/app.js';
import type { App } from '@envmon/server/dist/app-types.js';
import type { AppConfig } from '@envmon/server/dist/config/config.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import { TileBuilder } from '@envmon/server/dist/ingest/tile-builder.js';
import pg from 'pg';
import { ADMIN_PASSWORD, benchConfig } from './bench-server-side.js';
import { isPostgres } from './ingest-common.js';
import { applyLayout, LAYOUT_LABELS, type StorageLayout } from './ingest-layouts.js';
import { dashboardCases } from './query-dashboard.js';
import { FACTORS, FLOW_FACTOR, loadPostgres, loadSqlite, OFFSET_MINUTES, yearRange } from './query-data.js';

const PG_DATABASE = 'envmon_bench_query';

/** The app's Kysely type, as the server's connection module opens it. */
type BenchDb = ReturnType<typeof openDatabase>['db'];
const YEAR = 2025;

/** What every case gets: the running app, a Kysely connection of its own, an admin token, the stations and the year. */
export interface QueryBenchContext {
  app: App;
  /** For cases that time a service or a repository directly rather than a route. */
  db: BenchDb;
  token: string;
  dialect: 'sqlite' | 'postgres';
  /** Device ids of the stations, in code order; the first also has minute values. */
  stations: readonly number[];
  factors: readonly string[];
  flowFactor: string;
  year: { begin: number; end: number };
}

export interface QueryBenchCase {
  label: string;
  /** Target for the median on SQLite, ms. */
  targetMs: number;
  /** Once before the case's runs: data of its own beside the year of history. */
  prepare?: (ctx: QueryBenchContext) => Promise<void>;
  /** One request; throws when the answer is not what the case expects (a failure is not a figure). */
  run: (ctx: QueryBenchContext) => Promise<void>;
}

interface Envelope<T> {
  status: number;
  desc: string;
  data: T;
}

/** GET through app.inject with the admin's token; the envelope's data, or an error with its desc. */
export async function getData<T>(ctx: QueryBenchContext, url: string, query: Record<string, string>): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, query, headers: { token: ctx.token } });
  const envelope = response.json<Envelope<T>>();
  if (response.statusCode !== 200 || envelope.status !== 200) {
    throw new Error(`GET ${url}: HTTP ${response.statusCode} ${envelope.desc}`);
  }
  return envelope.data;
}

const expect = (ok: boolean, what: string) => {
  if (!ok) throw new Error(`unexpected answer: ${what}`);
};

/**
 * The history query's figures: one station-factor hourly year (table page and chart), one minute year's chart (from
 * hourly tiles), a week of minutes charted from their values and 40 days from the tiles, a day's minute table.
 */
export const historyCases: QueryBenchCase[] = [
  {
    label: 'history hour, 1 station × 1 factor × 1 year: table page 1 + total',
    targetMs: 50,
    run: async (ctx) => {
      const table = await getData<HistoryTable>(ctx, '/data/history/rest/get', {
        deviceIds: String(ctx.stations[1]),
        factorCodes: 'w01018',
        timeUnit: 'hour',
        beginTime: String(ctx.year.begin),
        endTime: String(ctx.year.end),
        pageSize: '20',
      });
      expect(table.total === 8760 && table.list.length === 20, `total ${table.total}`);
    },
  },
  {
    label: 'history hour, 1 station × 1 factor × 1 year: last table page',
    targetMs: 50,
    run: async (ctx) => {
      const table = await getData<HistoryTable>(ctx, '/data/history/rest/get', {
        deviceIds: String(ctx.stations[1]),
        factorCodes: 'w01018',
        timeUnit: 'hour',
        beginTime: String(ctx.year.begin),
        endTime: String(ctx.year.end),
        pageSize: '20',
        pageNum: String(8760 / 20),
      });
      expect(table.list.length === 20, `rows ${table.list.length}`);
    },
  },
  {
    label: 'history hour, 1 station × 1 factor × 1 year: chart (8,760 → ≤ 2,000 points)',
    targetMs: 50,
    run: async (ctx) => {
      const chart = await getData<HistoryChart>(ctx, '/data/history/rest/chart', {
        deviceIds: String(ctx.stations[1]),
        factorCodes: 'w01018',
        timeUnit: 'hour',
        beginTime: String(ctx.year.begin),
        endTime: String(ctx.year.end),
      });
      const series = chart.series[0];
      expect(series?.total === 8760 && series.points.length <= 2000, `total ${series?.total}`);
    },
  },
  {
    // Read from the hourly tiles (issue 22), built before the cases run.
    label: 'history minute, 1 station × 1 factor × 1 year: chart (525,600 → ≤ 2,000 points)',
    targetMs: 150,
    run: async (ctx) => {
      const chart = await getData<HistoryChart>(ctx, '/data/history/rest/chart', {
        deviceIds: String(ctx.stations[0]),
        factorCodes: 'w01018',
        timeUnit: 'minute',
        beginTime: String(ctx.year.begin),
        endTime: String(ctx.year.end),
      });
      const series = chart.series[0];
      expect(series?.total === 525_600 && series.points.length <= 2000, `total ${series?.total}`);
    },
  },
  {
    // The longest range drawn from the values themselves (a week, history tile-chart.ts), read along the key.
    label: 'history minute, 1 station × 1 factor × 7 days: chart (10,080 → ≤ 2,000 points)',
    targetMs: 150,
    run: async (ctx) => {
      const chart = await getData<HistoryChart>(ctx, '/data/history/rest/chart', {
        deviceIds: String(ctx.stations[0]),
        factorCodes: 'w01018',
        timeUnit: 'minute',
        beginTime: String(ctx.year.begin),
        endTime: String(ctx.year.begin + 7 * DAY_MS),
      });
      const series = chart.series[0];
      expect(series?.total === 10_080 && series.points.length <= 2000, `total ${series?.total}`);
    },
  },
  {
    // Fewer hours than buckets, but past a week: hourly buckets from the tiles.
    label: 'history minute, 1 station × 1 factor × 40 days: chart (57,600 → ≤ 2,000 points)',
    targetMs: 150,
    run: async (ctx) => {
      const chart = await getData<HistoryChart>(ctx, '/data/history/rest/chart', {
        deviceIds: String(ctx.stations[0]),
        factorCodes: 'w01018',
        timeUnit: 'minute',
        beginTime: String(ctx.year.begin),
        endTime: String(ctx.year.begin + 40 * DAY_MS),
      });
      const series = chart.series[0];
      expect(series?.total === 57_600 && series.points.length <= 2000, `total ${series?.total}`);
    },
  },
  {
    label: 'history minute, 1 station × 1 factor × 1 day: table page 1 + total',
    targetMs: 50,
    run: async (ctx) => {
      const table = await getData<HistoryTable>(ctx, '/data/history/rest/get', {
        deviceIds: String(ctx.stations[0]),
        factorCodes: 'w01018',
        timeUnit: 'minute',
        beginTime: String(ctx.year.begin + 100 * DAY_MS),
        endTime: String(ctx.year.begin + 101 * DAY_MS),
        pageSize: '20',
      });
      expect(table.total === 1440 && table.list.length === 20, `total ${table.total}`);
    },
  },
];

/** The reports' figures: the monthly summary of every station, and the transmission report of every station for a month. */
export const reportCases: QueryBenchCase[] = [
  {
    label: 'summary, month, every station × 10 factors (from day rollups)',
    targetMs: 300,
    run: async (ctx) => {
      const report = await getData<SummaryReport>(ctx, '/data/report/rest/summary', {
        timeUnit: 'month',
        date: `${YEAR}-06-15`,
      });
      const expected = ctx.stations.length * ctx.factors.length;
      expect(report.rows.length === expected, `rows ${report.rows.length}, expected ${expected}`);
    },
  },
  {
    label: 'transmission rate, every station × 1 month (30 days of hour data)',
    targetMs: 500,
    run: async (ctx) => {
      const report = await getData<TransmissionReport>(ctx, '/data/report/rest/transmission', {
        timeUnit: 'hour',
        beginDate: `${YEAR}-06-01`,
        endDate: `${YEAR}-06-30`,
      });
      const received = report.devices.every((d) => d.expected === 30 * 24 && d.received === 30 * 24);
      expect(report.devices.length === ctx.stations.length && received, `devices ${report.devices.length}`);
      expect(report.days.length === ctx.stations.length * 30, `days ${report.days.length}`);
    },
  },
];

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

export interface QueryBenchResult {
  label: string;
  targetMs: number;
  medianMs: number;
  p95Ms: number;
}

/** Runs each case `warmup` times unmeasured, then `reps` times measured; prints a line per case as it ends. */
export async function runQueryBench(
  ctx: QueryBenchContext,
  cases: readonly QueryBenchCase[],
  { reps = 20, warmup = 3 } = {},
): Promise<QueryBenchResult[]> {
  const results: QueryBenchResult[] = [];
  console.log(`  ${'case'.padEnd(82)}${'median'.padStart(10)}${'p95'.padStart(10)}   target (SQLite)`);
  for (const c of cases) {
    await c.prepare?.(ctx);
    for (let i = 0; i < warmup; i++) await c.run(ctx);
    const times: number[] = [];
    for (let i = 0; i < reps; i++) {
      const started = performance.now();
      await c.run(ctx);
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    const result = {
      label: c.label,
      targetMs: c.targetMs,
      medianMs: quantile(times, 0.5),
      p95Ms: quantile(times, 0.95),
    };
    results.push(result);
    const verdict =
      ctx.dialect === 'sqlite' ? (result.medianMs <= c.targetMs ? 'met' : 'MISSED') : '(PostgreSQL: reported)';
    console.log(
      `  ${c.label.padEnd(82)}${result.medianMs.toFixed(1).padStart(10)}${result.p95Ms.toFixed(1).padStart(10)}   < ${c.targetMs} ms ${verdict}`,
    );
  }
  return results;
}

/** A fresh database: a SQLite file, or the PostgreSQL database PG_DATABASE on the given server (re)created. */
async function freshDatabase(
  database: string,
  dir: string,
): Promise<{ url: string; label: string; drop: () => Promise<void> }> {
  if (!isPostgres(database)) {
    const file = join(dir, 'query.db');
    return { url: `sqlite:${file}`, label: `SQLite (fresh file ${file})`, drop: () => Promise.resolve() };
  }
  const admin = new pg.Client({ connectionString: database });
  await admin.connect();
  await admin.query(`drop database if exists "${PG_DATABASE}" with (force)`);
  await admin.query(`create database "${PG_DATABASE}"`);
  const version = (await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?';
  const url = new URL(database);
  url.pathname = `/${PG_DATABASE}`;
  const safe = new URL(database);
  safe.password = '';
  return {
    url: url.toString(),
    label: `PostgreSQL ${version} (fresh database ${PG_DATABASE} on ${safe.host})`,
    drop: async () => {
      await admin.query(`drop database if exists "${PG_DATABASE}" with (force)`);
      await admin.end();
    },
  };
}

/** The stations as devices (Beijing offset), in code order. */
async function registerStations(database: AppConfig['database'], count: number): Promise<number[]> {
  const { db } = openDatabase(database);
  try {
    const now = Date.now();
    const rows = Array.from({ length: count }, (_, i) => ({
      deviceName: `bench query station ${i}`,
      deviceCode: `BENCHQ${String(i).padStart(4, '0')}`,
      deviceType: '21',
      utcOffsetMinutes: OFFSET_MINUTES,
      createTime: now,
      updateTime: now,
    }));
    await db.insertInto('devices').values(rows).execute();
    const ids = await db
      .selectFrom('devices')
      .select(['id', 'deviceCode'])
      .where('deviceCode', 'like', 'BENCHQ%')
      .orderBy('deviceCode')
      .execute();
    return ids.map((d) => d.id);
  } finally {
    await db.destroy();
  }
}

async function signIn(app: App): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/manager/system/login/rest/login',
    payload: { userName: 'admin', password: ADMIN_PASSWORD },
  });
  const envelope = response.json<Envelope<{ token: string }>>();
  if (envelope.status !== 200) throw new Error(`sign-in failed: ${envelope.desc}`);
  return envelope.data.token;
}

/**
 * Builds the dataset and the app, runs `cases`, tears everything down. Exported so that another bench
 * (or this one, extended) can run more cases on the same dataset.
 */
export async function benchQueries(
  options: { database: string; stations: number; reps: number; layout?: StorageLayout },
  cases: readonly QueryBenchCase[],
): Promise<QueryBenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-bench-query-'));
  const target = await freshDatabase(options.database, dir);
  let app: App | null = null;
  let db: BenchDb | null = null;
  try {
    console.log(`bench:query on ${target.label}`);
    const config = benchConfig(target.url, dir);
    app = await buildApp({ config });
    // The previous layout (before issue 22): minute values in the history index too, for the figures before/after.
    const layout = options.layout ?? 'current';
    await applyLayout(target.url, layout);
    console.log(`  storage: ${LAYOUT_LABELS[layout]}`);
    const stations = await registerStations(config.database, options.stations);
    const shape = { stations: options.stations, year: YEAR };
    console.log(
      `  dataset: ${options.stations} stations × ${FACTORS.length} factors × ${YEAR} hourly (+ day, month rollups), station 0 also minute values`,
    );
    const started = performance.now();
    const log = (line: string) => console.log(line);
    const rows =
      config.database.dialect === 'postgres'
        ? await loadPostgres(target.url, stations, shape, log)
        : loadSqlite(target.url.slice('sqlite:'.length), stations, shape, log);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `  loaded ${rows.toLocaleString('en')} rows in ${seconds.toFixed(0)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s)`,
    );
    db = openDatabase(config.database).db;
    // The minute year's hourly tiles, built as the server builds them after the ingest marked their hours (the app's
    // own builder may take some of them meanwhile: the time is until no hour is left dirty).
    const building = performance.now();
    const dirty = await db
      .selectFrom('measurementTilesDirty')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const builder = new TileBuilder(db, config.database.dialect);
    while ((await builder.build(500)) > 0);
    console.log(
      `  hourly tiles of ${Number(dirty.n).toLocaleString('en')} dirty hours built in ${((performance.now() - building) / 1000).toFixed(0)} s\n`,
    );
    const ctx: QueryBenchContext = {
      app,
      db,
      token: await signIn(app),
      dialect: config.database.dialect,
      stations,
      factors: FACTORS,
      flowFactor: FLOW_FACTOR,
      year: yearRange(YEAR),
    };
    return await runQueryBench(ctx, cases, { reps: options.reps });
  } finally {
    await db?.destroy();
    await app?.close();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const isMain = basename(process.argv[1] ?? '') === 'query.js';
if (isMain) {
  const { values: args } = parseArgs({
    options: {
      database: { type: 'string' },
      pg: { type: 'string' },
      stations: { type: 'string', default: '100' },
      reps: { type: 'string', default: '20' },
      layout: { type: 'string', default: 'current' },
    },
  });
  const database = args.pg ?? args.database ?? process.env.BENCH_DATABASE_URL ?? 'sqlite';
  const stations = Math.max(2, Math.min(Number(args.stations), 1000));
  const reps = Math.max(1, Math.min(Number(args.reps), 1000));
  const layout: StorageLayout = args.layout === 'previous' ? 'previous' : 'current';
  const results = await benchQueries({ database, stations, reps, layout }, [
    ...historyCases,
    ...reportCases,
    ...dashboardCases,
  ]);
  const missed = isPostgres(database) ? [] : results.filter((r) => r.medianMs > r.targetMs);
  console.log(missed.length === 0 ? '\nall targets met' : `\n${missed.length} target(s) missed`);
  if (missed.length > 0) process.exitCode = 1;
}
