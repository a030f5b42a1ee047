// `npm run bench:ingest`: station data end to end. N simulated stations connect over loopback TCP
// to the real HJ 212 gateway (buildApp with the gateway, in a child process: bench/ingest-server.ts)
// and send 10-factor minute packets (CN=2051, Flag=5), each keeping a window of K packets in flight
// and sending the next when a 9014 arrives — which the gateway sends only after the packet's batch is
// committed. Runs it on the storage layout before issue 22 and on the current one (bench/ingest-layouts.ts),
// each on a fresh database, and prints acknowledged packets/s and values/s, ack latency, checks every ack's
// QN and the stored row counts, and the ratio of the two layouts; then writes the same rows straight through the driver (better-sqlite3 prepared
// statements or pg multi-row INSERTs, bench/ingest-raw.ts) in transactions of the pipeline's batch size
// for the pipeline ÷ raw ratio; then holds 5,000 identified idle station connections open and reports
// the server process's RSS and heap per connection. Each figure is printed with its target.
// SQLite runs on fresh files in a temporary directory; with a PostgreSQL URL the benchmark creates
// its own databases on that server and drops them afterwards. With --cluster, the throughput workload
// runs against single-process PostgreSQL and then the NATS cluster, for the ratio (bench/ingest-cluster.ts).
//
//   npm run bench:ingest [-- --stations 200 --seconds 10 --window 8 --idle-connections 5000
//                            --database postgres://user@host:5432/postgres --skip-idle --cpu-prof]
//   npm run bench:ingest -- --cluster [--rounds 2 --direct --verbose --stations 200 --seconds 10 --window 8]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Socket } from 'node:net';
import { FrameDecoder } from '@envmon/hj212';
import { buildApp } from '@envmon/server/dist/app.js';
import { parseDatabaseUrl } from '@envmon/server/dist/config/config.js';
import {
  countRows,
  fmt,
  kib,
  Load,
  LoadStation,
  mib,
  open,
  openMany,
  percentile,
  prepareDatabases,
  row,
  ServerChild,
  verdict,
} from './bench-parent-side.js';
import { benchConfig } from './bench-server-side.js';
import {
  FACTORS,
  isPostgres,
  type MemorySample,
  minutePacket,
  qnOf,
  type ServerStats,
  stationCode,
} from './ingest-common.js';
import { runClusterComparison } from './ingest-cluster.js';
import { printProfile, summariseProfile } from './ingest-profile.js';
import { type RawResult, rawPostgres, rawSqlite } from './ingest-raw.js';
import { LAYOUT_LABELS, type StorageLayout } from './ingest-layouts.js';


const TARGET_RATIO = 0.3;
const TARGET_BYTES_PER_IDLE = 10 * 1024;
const DRAIN_TIMEOUT_MS = 60_000;
const SERVER_SCRIPT = new URL('./ingest-server.js', import.meta.url);
const ACK_TIMEOUT_MS = 30_000;

const { values: args } = parseArgs({
  options: {
    stations: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    window: { type: 'string', default: '8' },
    'idle-connections': { type: 'string', default: '5000' },
    database: { type: 'string', default: process.env.DATABASE_URL ?? 'sqlite' },
    'skip-idle': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '2' },
    direct: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const STATIONS = Math.min(Number(args.stations), 5000);
const SECONDS = Math.min(Number(args.seconds), 60);
const WINDOW = Math.min(Number(args.window), 64);
// Client and server are separate processes, each within ulimit -n (20,000 here).
const IDLE = Math.min(Number(args['idle-connections']), 15_000);
for (const [name, v] of Object.entries({ STATIONS, SECONDS, WINDOW, IDLE })) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad ${name}: ${v}`);
}
const WARMUP_SECONDS = Math.min(2, Math.max(0.5, SECONDS / 5));
const DATABASE = args.database;
const POSTGRES = isPostgres(DATABASE);
/** Acknowledged after commit, current layout (issue 22). */
const TARGET_PACKETS_PER_S = POSTGRES ? 8_000 : 20_000;

// ---------------------------------------------------------------------------------------------------
// Load generator: stations with a window of packets in flight.

interface LoadResult {
  load: Load;
  windowAcks: number;
  windowSeconds: number;
  drained: boolean;
  server: ServerStats;
  clientBusy: number;
}

async function runLoad(server: ServerChild): Promise<LoadResult> {
  const load = new Load();
  const stations = await openMany(
    STATIONS,
    async (i) => new LoadStation(await open(server.port), stationCode('load', i), load),
  );
  try {
    for (const s of stations) s.send(WINDOW);
    await sleep(WARMUP_SECONDS * 1000);

    server.tell({ type: 'window-start' });
    const elu = performance.eventLoopUtilization();
    const ackedBefore = load.acked;
    const t0 = performance.now();
    load.phase = 'measure';
    await sleep(SECONDS * 1000);
    load.phase = 'drain';
    const windowSeconds = (performance.now() - t0) / 1000;
    const windowAcks = load.acked - ackedBefore;
    const clientBusy = performance.eventLoopUtilization(elu).utilization;
    const { stats } = await server.ask({ type: 'window-end' }, 'window');

    const drained = await load.drained(DRAIN_TIMEOUT_MS);
    return { load, windowAcks, windowSeconds, drained, server: stats, clientBusy };
  } finally {
    for (const s of stations) s.socket.destroy();
  }
}

interface PipelineFigures {
  packetsPerS: number;
  acked: number;
  stats: ServerStats;
  /** The QN counter the load went up to; later packets go on from it. */
  qn: { n: number };
}

/** Stations → TCP gateway → ingest pipeline → database on one layout: prints its figures and checks its rows. */
async function measurePipeline(
  layout: StorageLayout,
  databaseUrl: string,
  dir: string,
  children: ServerChild[],
  fail: (text: string) => void,
  profDir?: string,
): Promise<PipelineFigures> {
  const server = await ServerChild.start(
    SERVER_SCRIPT,
    { databaseUrl, dir, group: 'load', stations: STATIONS, maxConnections: STATIONS + 100, layout },
    profDir,
  );
  children.push(server);
  const r = await runLoad(server);
  await server.close();
  const { load } = r;
  const packetsPerS = r.windowAcks / r.windowSeconds;
  const latencies = Float64Array.from(load.latencies).sort();
  const s = r.server;

  console.log(`\nPipeline, ${LAYOUT_LABELS[layout]}: stations → TCP gateway → ingest pipeline → database, 9014 after commit`);
  row('packets acknowledged in window', fmt(r.windowAcks), `${fmt(r.windowSeconds, 2)} s`);
  row('packets/s acknowledged', fmt(packetsPerS));
  row('values/s acknowledged', fmt(packetsPerS * FACTORS.length));
  row(
    'ack latency p50 / p99 / max',
    `${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 99), 1)} / ${fmt(latencies.at(-1) ?? NaN, 1)} ms`,
  );
  row(
    'server process CPU (all threads)',
    `${fmt((100 * (s.cpuUserMs + s.cpuSystemMs)) / s.wallMs)} %`,
    `user ${fmt(s.cpuUserMs / 1000, 1)} s, sys ${fmt(s.cpuSystemMs / 1000, 1)} s`,
  );
  row('server event loop busy', `${fmt(100 * s.eventLoopUtilisation)} %`);
  row(
    'server time in writeBatch',
    `${fmt((100 * s.writeMs) / s.wallMs)} %`,
    `${fmt(s.writeMs / Math.max(1, s.batches), 1)} / ${fmt(s.maxWriteMs, 1)} ms per batch (mean / max)`,
  );
  row(
    'batches, mean / max packets',
    `${fmt(s.batches)}`,
    `${fmt(s.packets / Math.max(1, s.batches), 1)} / ${fmt(s.maxBatch)}`,
  );
  row('load generator event loop busy', `${fmt(100 * r.clientBusy)} %`);

  const total = load.acked;
  if (load.errorCount > 0) fail(`${load.errorCount} bad replies, first: ${load.errors.join('; ')}`);
  if (!r.drained) fail(`${load.sent - load.acked} packets never acknowledged`);
  const rows = await countRows(databaseUrl);
  const expected = total * FACTORS.length;
  row(
    'packets sent / acknowledged',
    `${fmt(load.sent)} / ${fmt(total)}`,
    load.errorCount === 0 ? 'every ack QN matched' : `${load.errorCount} bad`,
  );
  row(
    'measurement rows',
    fmt(rows.measurements),
    `= packets × 10 = ${fmt(expected)}`,
    rows.measurements === expected ? 'OK' : 'WRONG',
  );
  row(
    'original_packets rows',
    fmt(rows.originals),
    `= packets = ${fmt(total)}`,
    rows.originals === total ? 'OK' : 'WRONG',
  );
  row(
    'latest_values rows',
    fmt(rows.latest),
    `= stations × 10 = ${fmt(STATIONS * FACTORS.length)}`,
    rows.latest === STATIONS * FACTORS.length ? 'OK' : 'WRONG',
  );
  if (rows.measurements !== expected || rows.originals !== total)
    fail('stored row counts differ from acknowledged packets');
  return { packetsPerS, acked: total, stats: s, qn: load.qn };
}

// ---------------------------------------------------------------------------------------------------
// Idle connections: each sends one packet (so it is an identified station), waits for its ack, stays open.

async function oneAcknowledgedPacket(socket: Socket, mn: string, seq: number, qn: string): Promise<void> {
  const decoder = new FrameDecoder();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${mn}: no 9014 within ${ACK_TIMEOUT_MS} ms`)), ACK_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      for (const item of decoder.push(chunk)) {
        if (item.kind !== 'packet' || !item.result.ok) continue;
        if (item.result.message.cn === '9014' && item.result.message.qn === qn) {
          clearTimeout(timer);
          socket.off('data', onData);
          socket.off('error', reject);
          resolve();
        }
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(minutePacket(mn, seq, qn));
  });
}

interface IdleResult {
  count: number;
  before: MemorySample;
  after: MemorySample;
  seconds: number;
}

async function runIdle(server: ServerChild, counter: { n: number }): Promise<IdleResult> {
  // Warm-up on a station of its own: code paths compiled, statements and caches in use before the baseline.
  const warm = await open(server.port);
  for (let seq = 0; seq < 50; seq += 1) {
    await oneAcknowledgedPacket(warm, stationCode('idle', IDLE), seq, qnOf(counter.n++));
  }
  warm.destroy();
  await sleep(500);
  const before = (await server.ask({ type: 'memory' }, 'memory')).memory;

  const t0 = performance.now();
  const sockets = await openMany(IDLE, async (i) => {
    const socket = await open(server.port);
    socket.on('error', () => undefined);
    await oneAcknowledgedPacket(socket, stationCode('idle', i), 0, qnOf(counter.n + i));
    return socket;
  });
  counter.n += IDLE;
  const seconds = (performance.now() - t0) / 1000;
  try {
    // Online-state writes of the new stations settle before the sample.
    await sleep(1000);
    const after = (await server.ask({ type: 'memory' }, 'memory')).memory;
    return { count: sockets.length, before, after, seconds };
  } finally {
    for (const s of sockets) s.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------
// Report.

/** A migrated, empty schema: the app builds it, then lets go of the database. */
async function migrateOnly(url: string, dir: string): Promise<void> {
  const config = benchConfig(url, dir);
  const app = await buildApp({ config });
  await app.close();
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-bench-ingest-'));
  const profDir = args['cpu-prof'] ? mkdtempSync(join(tmpdir(), 'envmon-ingest-prof-')) : undefined;
  const dbs = await prepareDatabases(DATABASE, dir, ['previous', 'pipeline', 'raw', 'idle']);
  let failed = false;
  const fail = (text: string) => {
    failed = true;
    console.error(`FAILED: ${text}`);
  };
  const children: ServerChild[] = [];
  try {
    const load1 = loadavg()[0] ?? 0;
    console.log(
      `envmon ingest benchmark: node ${process.version}, ${availableParallelism()} cores ` +
        `(1-min load average ${fmt(load1, 2)}${load1 > availableParallelism() ? ': a busy machine, figures may be low' : ''}), ` +
        `${dbs.label}\n` +
        `  ${STATIONS} stations × ${WINDOW} packets in flight, CN=2051 Flag=5 with ${FACTORS.length} factors, ` +
        `${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up; server in a child process`,
    );

    // 1. Pipeline throughput: the previous storage layout, then the current one, each on a fresh database.
    const previous = await measurePipeline('previous', dbs.urls.previous, dir, children, fail);
    const current = await measurePipeline('current', dbs.urls.pipeline, dir, children, fail, profDir);
    const { packetsPerS, stats: s, acked: total } = current;
    console.log('\nLayouts compared');
    row('previous layout, packets/s', fmt(previous.packetsPerS));
    row(
      'current layout, packets/s',
      fmt(packetsPerS),
      `target ≥ ${fmt(TARGET_PACKETS_PER_S)}`,
      verdict(packetsPerS >= TARGET_PACKETS_PER_S),
    );
    row('ratio current ÷ previous', fmt(packetsPerS / previous.packetsPerS, 2));

    // 2. Raw driver inserts of the same rows, same schema, same batch size.
    await migrateOnly(dbs.urls.raw, dir);
    const plan = {
      stations: STATIONS,
      packets: total,
      batch: Math.max(1, Math.round(s.packets / Math.max(1, s.batches))),
      firstDeviceId: 1,
    };
    const rawTarget = parseDatabaseUrl(dbs.urls.raw);
    const raw: RawResult =
      rawTarget.dialect === 'sqlite' ? await rawSqlite(rawTarget.file, plan) : await rawPostgres(rawTarget.url, plan);
    const rawPacketsPerS = raw.packets / raw.seconds;
    const ratio = packetsPerS / rawPacketsPerS;
    console.log(
      `\nRaw driver inserts: ${POSTGRES ? 'pg, multi-row INSERTs of ≤ 1,000 rows' : 'better-sqlite3 prepared statements'}, ` +
        `same rows and upserts, ${fmt(plan.batch)} packets per transaction`,
    );
    row(
      'packets / rows written',
      `${fmt(raw.packets)} / ${fmt(raw.rows)}`,
      `${fmt(raw.transactions)} transactions, ${fmt(raw.seconds, 2)} s`,
    );
    row('rows/s', fmt(raw.rows / raw.seconds));
    row('packets/s', fmt(rawPacketsPerS));
    row('ratio pipeline ÷ raw packets/s', fmt(ratio, 2), `target ≥ ${TARGET_RATIO}`, verdict(ratio >= TARGET_RATIO));

    // 3. Memory per idle station connection.
    if (!args['skip-idle']) {
      const idleServer = await ServerChild.start(SERVER_SCRIPT, {
        databaseUrl: dbs.urls.idle,
        dir,
        group: 'idle',
        stations: IDLE + 1,
        maxConnections: IDLE + 100,
      });
      children.push(idleServer);
      const idle = await runIdle(idleServer, current.qn);
      await idleServer.close();
      const perRss = (idle.after.rss - idle.before.rss) / idle.count;
      const perHeap = (idle.after.heapUsed - idle.before.heapUsed) / idle.count;
      console.log(
        `\nIdle stations: ${fmt(idle.count)} connections, one acknowledged packet each, then idle ` +
          `(opened in ${fmt(idle.seconds, 1)} s; server ${idle.after.gc ? 'sampled after full GC' : 'NOT sampled after GC'})`,
      );
      row(
        'server connections',
        fmt(idle.after.connections),
        `= ${fmt(idle.count)}`,
        idle.after.connections === idle.count ? 'OK' : 'WRONG',
      );
      row('server RSS before / after', `${mib(idle.before.rss)} / ${mib(idle.after.rss)}`);
      row('server heapUsed before / after', `${mib(idle.before.heapUsed)} / ${mib(idle.after.heapUsed)}`);
      row('server external before / after', `${mib(idle.before.external)} / ${mib(idle.after.external)}`);
      row(
        'RSS per idle connection',
        kib(perRss),
        `target < ${kib(TARGET_BYTES_PER_IDLE)}`,
        verdict(perRss < TARGET_BYTES_PER_IDLE),
      );
      row('heapUsed per idle connection', kib(perHeap));
      if (idle.after.connections !== idle.count) fail('the server does not hold every idle connection');
    }

    if (profDir) printProfile(summariseProfile(profDir, s.fromUs, s.toUs));
  } finally {
    for (const c of children) c.kill();
    await dbs.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

if (args.cluster) {
  const ok = await runClusterComparison({
    stations: STATIONS,
    seconds: SECONDS,
    window: WINDOW,
    warmupSeconds: WARMUP_SECONDS,
    rounds: Math.max(1, Math.min(Number(args.rounds) || 1, 10)),
    direct: args.direct,
    verbose: args.verbose,
  });
  if (!ok) process.exitCode = 1;
} else {
  await main();
}
