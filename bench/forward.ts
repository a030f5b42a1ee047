// `npm run bench:forward`: forwarding to an upstream platform (issue 20). Our server (bench/forward-server.ts, the
// real app with its gateway and the `forward` service part, in a child process) forwards its stations' minute data
// (CN=2051, 10 factors, a 9014 asked for each) to one upstream platform, one TCP link per station MN as a real
// station holds it. Two upstreams, each in a child process of its own:
//   envmon   a second envmon server (bench/ingest-server.ts): its gateway and ingest pipeline, which acknowledge
//            a packet only once it is stored — the realistic upstream;
//   minimal  a TCP server that parses each frame and answers its 9014 at once (bench/forward-upstream.ts), so
//            the forwarder's own speed shows where the upstream's ingest would be the limit.
// Two measures against each:
//   A. throughput while ingest runs: every station has a backlog queued (so forwarding never waits for data)
//      while the stations send live packets to our gateway, paced to --rate packets/s; packets/s forwarded and
//      acknowledged by the upstream in the measured window, and how many live uploads were still queued at its
//      end (live data goes ahead of the backlog);
//   B. drain of a 100,000-packet backlog: the queue is filled directly (--drain-devices devices × the per-device
//      bound of 20,000, the stored minutes behind them), then the upstream is enabled in the settings; seconds
//      until every packet is acknowledged.
// Every run checks that the upstream got each upload once (envmon: its original_packets rows; minimal: distinct
// uploads) and that our queue is empty or holds only what is expected.
// SQLite runs on fresh files in a temporary directory; with a PostgreSQL URL the benchmark creates its own
// databases on that server and drops them afterwards.
//
//   npm run bench:forward [-- --stations 20 --backlog 5000 --rate 1000 --seconds 10 --drain-devices 5
//                             --upstream envmon|minimal|both --part a|b|both --database postgres://… --cpu-prof]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { TRANSFER_FORMAT_LIMITS } from '@envmon/shared';
import { parseDatabaseUrl } from '@envmon/server/dist/config/config.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import {
  countRows,
  fmt,
  Load,
  LoadStation,
  open,
  openMany,
  Pacer,
  prepareDatabases,
  row,
  ServerChild,
  verdict,
} from './bench-parent-side.js';
import { printProfile, summariseProfile } from './ingest-profile.js';
import { BASE_DATA_TIME, FACTORS, readings, stationCode } from './ingest-common.js';

const TARGET_PACKETS_PER_S = 5000;
const SERVER_SCRIPT = new URL('./forward-server.js', import.meta.url);
const ENVMON_UPSTREAM_SCRIPT = new URL('./ingest-server.js', import.meta.url);
const MINIMAL_UPSTREAM_SCRIPT = new URL('./forward-upstream.js', import.meta.url);
const DRAIN_TIMEOUT_MS = 300_000;
const POLL_MS = 100;
/** Rows per INSERT while filling the queue and the stored minutes behind it. */
const FILL_ROWS = 500;

const { values: args } = parseArgs({
  options: {
    stations: { type: 'string', default: '20' },
    backlog: { type: 'string', default: '5000' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    window: { type: 'string', default: '8' },
    'drain-devices': { type: 'string', default: '5' },
    upstream: { type: 'string', default: 'both' },
    part: { type: 'string', default: 'both' },
    database: { type: 'string', default: process.env.DATABASE_URL ?? 'sqlite' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const STATIONS = Math.min(Number(args.stations), 200);
const BACKLOG = Math.min(Number(args.backlog), TRANSFER_FORMAT_LIMITS.queuePerDevice);
const RATE = Math.min(Number(args.rate), 20_000);
const SECONDS = Math.min(Number(args.seconds), 60);
const WINDOW = Math.min(Number(args.window), 64);
const DRAIN_DEVICES = Math.min(Number(args['drain-devices']), 50);
const PER_DEVICE = TRANSFER_FORMAT_LIMITS.queuePerDevice;
for (const [name, v] of Object.entries({ STATIONS, BACKLOG, RATE, SECONDS, WINDOW, DRAIN_DEVICES })) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad ${name}: ${v}`);
}
type UpstreamKind = 'envmon' | 'minimal';
const UPSTREAMS: UpstreamKind[] = args.upstream === 'both' ? ['envmon', 'minimal'] : [args.upstream as UpstreamKind];
const PARTS = args.part === 'both' ? ['a', 'b'] : [args.part];
const WARMUP_MS = 2000;

let failed = false;
function fail(text: string): void {
  failed = true;
  console.error(`FAILED: ${text}`);
}

// ---------------------------------------------------------------------------------------------------
// Our database: the queue filled directly, the status read while forwarding runs.

type Db = ReturnType<typeof openDatabase>['db'];

/**
 * `perDevice` stored minutes (10 factors, as the stations send them) before the live ones of each station, and
 * each queued for its upstream device as an old backlog (queued an hour ago). Answers the uploads queued.
 */
async function fillBacklog(db: Db, deviceIds: Record<string, number>, perDevice: number): Promise<number> {
  const targets = await db.selectFrom('upstreamDevices').select(['id', 'deviceId']).execute();
  const now = Date.now();
  const dataTime = (seq: number) => BASE_DATA_TIME - (perDevice - seq) * 60_000;
  const known = new Set(Object.values(deviceIds));
  let queued = 0;
  for (const target of targets) {
    if (!known.has(target.deviceId)) continue;
    const perStatement = Math.floor(FILL_ROWS / FACTORS.length);
    for (let from = 0; from < perDevice; from += perStatement) {
      const seqs = Array.from({ length: Math.min(perStatement, perDevice - from) }, (_, i) => from + i);
      await db
        .insertInto('measurements')
        .values(
          seqs.flatMap((seq) =>
            readings(seq).map((r) => ({
              deviceId: target.deviceId,
              kind: 'min' as const,
              dataTime: dataTime(seq),
              factorCode: r.code,
              value: Number(r.avg),
              min: Number(r.min),
              max: Number(r.max),
              cou: null,
              flag: 'N',
              quality: 'N',
              receivedAt: now,
            })),
          ),
        )
        .execute();
    }
    for (let from = 0; from < perDevice; from += FILL_ROWS) {
      const rows = Array.from({ length: Math.min(FILL_ROWS, perDevice - from) }, (_, i) => ({
        upstreamDeviceId: target.id,
        cn: '2051',
        dataTime: dataTime(from + i),
        enqueueTime: now - 3_600_000,
      }));
      await db.insertInto('forwardQueue').values(rows).execute();
      queued += rows.length;
    }
  }
  return queued;
}

async function forwardStatus(db: Db): Promise<{ sent: number; acknowledged: number; dropped: number }> {
  const r = await db
    .selectFrom('forwardStatus')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('sent'), eb.lit(0)).as('sent'),
      eb.fn.coalesce(eb.fn.sum<number>('acknowledged'), eb.lit(0)).as('acknowledged'),
      eb.fn.coalesce(eb.fn.sum<number>('dropped'), eb.lit(0)).as('dropped'),
    ])
    .executeTakeFirstOrThrow();
  return { sent: Number(r.sent), acknowledged: Number(r.acknowledged), dropped: Number(r.dropped) };
}

async function queued(db: Db, since = 0): Promise<number> {
  const r = await db
    .selectFrom('forwardQueue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('enqueueTime', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---------------------------------------------------------------------------------------------------
// One run: an upstream, our server configured to forward to it, a filled queue.

interface Run {
  ours: ServerChild;
  upstream: ServerChild;
  db: Db;
  deviceIds: Record<string, number>;
  backlog: number;
  close(): Promise<void>;
}

async function startRun(
  kind: UpstreamKind,
  urls: { ours: string; upstream: string },
  dir: string,
  stations: number,
  perDevice: number,
): Promise<Run> {
  const upstream =
    kind === 'envmon'
      ? await ServerChild.start(ENVMON_UPSTREAM_SCRIPT, {
          databaseUrl: urls.upstream,
          dir,
          group: 'load',
          stations,
          maxConnections: stations + 100,
        })
      : await ServerChild.start(MINIMAL_UPSTREAM_SCRIPT, {});
  const profDir = args['cpu-prof'] ? mkdtempSync(join(tmpdir(), 'envmon-forward-prof-')) : undefined;
  const ours = await ServerChild.start(
    SERVER_SCRIPT,
    { databaseUrl: urls.ours, dir, group: 'load', stations, maxConnections: stations + 100 },
    profDir,
  );
  const deviceIds = ours.ready.deviceIds ?? {};
  await ours.ask({ type: 'configure', host: '127.0.0.1', port: upstream.port }, 'configured');
  const { db } = openDatabase(parseDatabaseUrl(urls.ours));
  const backlog = await fillBacklog(db, deviceIds, perDevice);
  return {
    ours,
    upstream,
    db,
    deviceIds,
    backlog,
    async close() {
      await ours.close();
      await upstream.close();
      await db.destroy();
      // The whole life of our server: start, filling, forwarding.
      if (profDir) printProfile(summariseProfile(profDir, 0, Number.MAX_SAFE_INTEGER));
    },
  };
}

/** Starts the measured window of our server's and, when it is an envmon server, the upstream's CPU use. */
function windowStart(run: Run, kind: UpstreamKind): void {
  run.ours.tell({ type: 'window-start' });
  if (kind === 'envmon') run.upstream.tell({ type: 'window-start' });
}

/**
 * Prints the CPU and event-loop use of our server and the envmon upstream over the window, and each one's CPU time
 * per packet forwarded: on a machine other work keeps busy, that is the figure that does not move with the load.
 */
async function windowEnd(run: Run, kind: UpstreamKind, forwarded: number): Promise<void> {
  const servers: [string, ServerChild][] = [['our server', run.ours]];
  if (kind === 'envmon') servers.push(['upstream server', run.upstream]);
  for (const [name, child] of servers) {
    const { stats } = await child.ask({ type: 'window-end' }, 'window');
    const cpuMs = stats.cpuUserMs + stats.cpuSystemMs;
    row(
      `${name}: CPU / event loop busy`,
      `${fmt((100 * cpuMs) / stats.wallMs)} % / ${fmt(100 * stats.eventLoopUtilisation)} %`,
      `${fmt((1000 * cpuMs) / Math.max(1, forwarded))} µs CPU per packet forwarded`,
    );
  }
}

/** Waits until the upstream has acknowledged `total` packets; answers the seconds it took, or null on time-out. */
async function acknowledged(db: Db, total: number, t0: number): Promise<number | null> {
  while (performance.now() - t0 < DRAIN_TIMEOUT_MS) {
    if ((await forwardStatus(db)).acknowledged >= total) return (performance.now() - t0) / 1000;
    await sleep(POLL_MS);
  }
  return null;
}

/** Whether the upstream got every upload once: envmon's original_packets rows, the minimal one's count. */
async function checkUpstream(kind: UpstreamKind, run: Run, upstreamUrl: string, expected: number): Promise<void> {
  if (kind === 'envmon') {
    const rows = await countRows(upstreamUrl);
    row(
      'upstream packets / values',
      `${fmt(rows.originals)} / ${fmt(rows.measurements)}`,
      `= ${fmt(expected)} / ${fmt(expected * FACTORS.length)}`,
      rows.originals === expected && rows.measurements === expected * FACTORS.length ? 'OK' : 'WRONG',
    );
    if (rows.originals !== expected) fail(`the envmon upstream stored ${rows.originals} packets, not ${expected}`);
    return;
  }
  const count = await run.upstream.ask({ type: 'count' }, 'count');
  row(
    'upstream packets / uploads',
    `${fmt(count.received)} / ${fmt(count.distinct)}`,
    `= ${fmt(expected)}`,
    count.received === expected && count.distinct === expected ? 'OK' : 'WRONG',
  );
  if (count.distinct !== expected) fail(`the minimal upstream got ${count.distinct} uploads, not ${expected}`);
  if (count.received !== count.distinct) fail(`${count.received - count.distinct} packets reached it twice`);
}

async function partA(kind: UpstreamKind, urls: { ours: string; upstream: string }, dir: string): Promise<void> {
  const run = await startRun(kind, urls, dir, STATIONS, BACKLOG);
  const load = new Load(undefined, false);
  const stations = await openMany(
    STATIONS,
    async (i) => new LoadStation(await open(run.ours.port), stationCode('load', i), load),
  );
  const pacer = new Pacer(stations, load, RATE, WINDOW);
  try {
    await run.ours.ask({ type: 'enable' }, 'enabled');
    pacer.start();
    await sleep(WARMUP_MS);
    const liveSince = Date.now();
    const before = await forwardStatus(run.db);
    const ingestBefore = load.acked;
    const t0 = performance.now();
    windowStart(run, kind);
    load.phase = 'measure';
    await sleep(SECONDS * 1000);
    const after = await forwardStatus(run.db);
    const seconds = (performance.now() - t0) / 1000;
    const ingested = load.acked - ingestBefore;
    const liveLeft = await queued(run.db, liveSince);
    const backlogLeft = (await queued(run.db)) - liveLeft;
    load.phase = 'drain';
    pacer.stop();
    const forwardedPerS = (after.acknowledged - before.acknowledged) / seconds;

    console.log(
      `\nA. ${kind === 'envmon' ? 'envmon upstream (a second server: gateway, ingest, 9014 after commit)' : 'minimal upstream (parse + 9014, nothing stored)'}: ` +
        `${STATIONS} stations × ${fmt(BACKLOG)} queued, live ingest paced to ${fmt(RATE)} packets/s`,
    );
    row('ingest: packets/s acknowledged', fmt(ingested / seconds), `paced to ${fmt(RATE)}`);
    row(
      'forwarded: packets/s acknowledged',
      fmt(forwardedPerS),
      `target ≥ ${fmt(TARGET_PACKETS_PER_S)}`,
      verdict(forwardedPerS >= TARGET_PACKETS_PER_S),
    );
    row('forwarded in window', fmt(after.acknowledged - before.acknowledged), `${fmt(seconds, 2)} s`);
    row('live uploads still queued at end', fmt(liveLeft), `of ${fmt(ingested)} ingested in the window`);
    row(
      'backlog still queued at end',
      fmt(backlogLeft),
      `of ${fmt(run.backlog)} at the start`,
      backlogLeft === 0 ? 'ran out: the rate above is a floor' : '',
    );
    await windowEnd(run, kind, after.acknowledged - before.acknowledged);

    // Everything drains: the backlog, and the live packets sent meanwhile.
    if (!(await load.drained(30_000))) fail(`${load.sent - load.acked} live packets never acknowledged by our gateway`);
    const total = run.backlog + load.acked;
    const drained = await acknowledged(run.db, total, performance.now());
    if (drained === null)
      fail(`forwarding did not finish: ${fmt((await forwardStatus(run.db)).acknowledged)} of ${fmt(total)}`);
    const status = await forwardStatus(run.db);
    row(
      'acknowledged / sent / dropped',
      `${fmt(status.acknowledged)} / ${fmt(status.sent)} / ${fmt(status.dropped)}`,
      `= ${fmt(total)} uploads`,
    );
    await checkUpstream(kind, run, urls.upstream, total);
  } finally {
    pacer.stop();
    for (const s of stations) s.socket.destroy();
    await run.close();
  }
}

async function partB(kind: UpstreamKind, urls: { ours: string; upstream: string }, dir: string): Promise<void> {
  const run = await startRun(kind, urls, dir, DRAIN_DEVICES, PER_DEVICE);
  try {
    const t0 = performance.now();
    windowStart(run, kind);
    await run.ours.ask({ type: 'enable' }, 'enabled');
    const seconds = await acknowledged(run.db, run.backlog, t0);
    console.log(
      `\nB. ${kind === 'envmon' ? 'envmon upstream' : 'minimal upstream'}: drain of ${fmt(run.backlog)} queued packets ` +
        `(${DRAIN_DEVICES} devices × ${fmt(PER_DEVICE)}, the per-device queue bound; one link each), no ingest`,
    );
    if (seconds === null) {
      fail(`the backlog did not drain in ${DRAIN_TIMEOUT_MS / 1000} s`);
      return;
    }
    row('drain time', `${fmt(seconds, 2)} s`, 'enable → last 9014 recorded');
    await windowEnd(run, kind, run.backlog);
    row(
      'packets/s acknowledged',
      fmt(run.backlog / seconds),
      `target ≥ ${fmt(TARGET_PACKETS_PER_S)}`,
      verdict(run.backlog / seconds >= TARGET_PACKETS_PER_S),
    );
    const status = await forwardStatus(run.db);
    const left = await queued(run.db);
    row(
      'acknowledged / sent / queued',
      `${fmt(status.acknowledged)} / ${fmt(status.sent)} / ${fmt(left)}`,
      `= ${fmt(run.backlog)} / ≥ / 0`,
      left === 0 ? 'OK' : 'WRONG',
    );
    if (left !== 0) fail(`${left} rows still queued after the drain`);
    await checkUpstream(kind, run, urls.upstream, run.backlog);
  } finally {
    await run.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-bench-forward-'));
  const roles = PARTS.flatMap((p) => UPSTREAMS.flatMap((u) => [`${p}_${u}_ours`, `${p}_${u}_up`]));
  const dbs = await prepareDatabases(DATABASE, dir, roles);
  try {
    const load1 = loadavg()[0] ?? 0;
    console.log(
      `envmon forward benchmark: node ${process.version}, ${availableParallelism()} cores ` +
        `(1-min load average ${fmt(load1, 2)}${load1 > availableParallelism() ? ': a busy machine, figures may be low' : ''}), ` +
        `${dbs.label}\n` +
        `  CN=2051 with ${FACTORS.length} factors, a 9014 asked for each; our server, the upstream and this load ` +
        `generator each in a process of their own`,
    );
    for (const part of PARTS) {
      for (const kind of UPSTREAMS) {
        const urls = { ours: dbs.urls[`${part}_${kind}_ours`]!, upstream: dbs.urls[`${part}_${kind}_up`]! };
        if (part === 'a') await partA(kind, urls, dir);
        else await partB(kind, urls, dir);
      }
    }
  } finally {
    await dbs.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

const DATABASE = args.database;
await main();
