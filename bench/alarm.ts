// `npm run bench:alarm`: from a station's packet to the alarm frame on the operators' consoles. The real
// server (gateway, HTTP, WebSocket push; bench/alarm-server.ts in a child process) runs on a fresh
// database; 200 background stations send 10-factor minute packets (CN=2051, Flag=5) paced to a total of
// 5,000 packets/s, every value inside its thresholds; 200 consoles hold /websocket/{token} open with an
// admin session. Every 25 ms a probe station sends a packet whose COD breaks its threshold (w01018 > 100);
// once all consoles have the alarm (active) it sends a recovering packet, and once all have the clear it
// is free for the next probe. The latency of a probe is from the exceeding packet's write on the station's
// socket (stamped just before the write) to the alarm frame's arrival at a console, both on this
// process's clock: an upper bound of "packet at the gateway → frame leaving the WebSocket" (loopback adds
// microseconds, this process's own event loop adds its queueing). The server child traces each probe on
// the same monotonic clock, which splits the latency into ingest, alarm engine and fan-out.
// The probes alone run 10 s first: about 400 probes (the p99 of the 120 in 3 s was the second-worst of them), and
// the measured load then includes the server's first hourly-tile build (30 s after it starts).
// Prints the figures with their targets.
// SQLite runs on a fresh file in a temporary directory; with a PostgreSQL URL the benchmark creates its
// own database on that server and drops it afterwards. With --cluster, the same runs against the NATS
// cluster (bench/alarm-target.ts): the alarm frame crosses NATS from a gateway process to an HTTP process.
//
//   npm run bench:alarm [-- --consoles 200 --rate 5000 --stations 200 --window 16 --probes 20
//                           --interval 25 --seconds 20 --quiet 10 --database postgres://user@host:5432/postgres --cpu-prof]
//   npm run bench:alarm -- --cluster [--verbose, and the options above but --database and --cpu-prof]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { THRESHOLD_OPERATOR } from '@envmon/shared';
import WebSocket from 'ws';
import { openConsoles, PROBE_FACTOR, PROBE_LIMIT, PROBE_VALUE, Probes, type Samples } from './alarm-probes.js';
import { type AlarmTarget, cluster, singleProcess, type WindowFigures } from './alarm-target.js';
import { fmt, Load, LoadStation, Pacer, mib, open, openMany, percentile, row, verdict } from './bench-parent-side.js';
import { ADMIN_PASSWORD } from './bench-server-side.js';
import { FACTORS, type ProbeTrace, type ServerStats, stationCode, type Timings } from './ingest-common.js';
import { printProfile, summariseProfile } from './ingest-profile.js';

const TARGET_P99_MS = 100;
/** A lone packet (no background load) commits and reaches every console in a few milliseconds. */
const TARGET_QUIET_P99_MS = 10;
/** The background rate counts as reached within 2 % of the target. */
const RATE_TOLERANCE = 0.98;
const DRAIN_TIMEOUT_MS = 30_000;

const { values: args } = parseArgs({
  options: {
    consoles: { type: 'string', default: '200' },
    rate: { type: 'string', default: '5000' },
    stations: { type: 'string', default: '200' },
    window: { type: 'string', default: '16' },
    probes: { type: 'string', default: '20' },
    interval: { type: 'string', default: '25' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    quiet: { type: 'string', default: '10' },
    database: { type: 'string', default: process.env.DATABASE_URL ?? 'sqlite' },
    'cpu-prof': { type: 'boolean', default: false },
    cluster: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});
const CONSOLES = Math.min(Number(args.consoles), 2000);
const RATE = Math.min(Number(args.rate), 50_000);
const STATIONS = Math.min(Number(args.stations), 5000);
const WINDOW = Math.min(Number(args.window), 64);
const PROBES = Math.min(Number(args.probes), 500);
const INTERVAL_MS = Math.max(1, Number(args.interval));
const SECONDS = Math.min(Number(args.seconds), 120);
const WARMUP_SECONDS = Math.min(Number(args.warmup), 30);
const QUIET_SECONDS = Math.min(Number(args.quiet), 30);
for (const [name, v] of Object.entries({
  CONSOLES,
  RATE,
  STATIONS,
  WINDOW,
  PROBES,
  INTERVAL_MS,
  SECONDS,
  WARMUP_SECONDS,
  QUIET_SECONDS,
})) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad ${name}: ${v}`);
}

// ---------------------------------------------------------------------------------------------------
// The HTTP API: sign-in and thresholds.

interface Envelope<T> {
  status: number;
  code: string;
  desc: string;
  data?: T;
}

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { token }) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const env = JSON.parse(text) as Envelope<T>;
  if (res.status !== 200 || env.status !== 200 || env.code !== '000000' || env.data === undefined) {
    throw new Error(`POST ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  }
  return env.data;
}

// ---------------------------------------------------------------------------------------------------
// Run and report.

/**
 * Where the latency goes, from the server's trace of each probe: packet written → values announced as
 * stored (gateway, ingest batch, commit) → alarm at the live hub (engine queue, alarm transaction) →
 * first console's receipt (fan-out, loopback, this process's event loop).
 */
function breakdown(samples: Samples, trace: ProbeTrace, what: 'raised' | 'cleared'): Record<string, number[]> {
  const parts: Record<string, number[]> = { stored: [], announced: [], received: [] };
  for (const { mn, sentAt, firstAt } of samples.phases) {
    const events = trace.events[mn] ?? [];
    const data = events.find((e) => e.what === 'data' && e.at >= sentAt);
    const alarm = data && events.find((e) => e.what === what && e.at >= data.at);
    if (!data || !alarm) continue;
    parts.stored?.push(data.at - sentAt);
    parts.announced?.push(alarm.at - data.at);
    parts.received?.push(firstAt - alarm.at);
  }
  return parts;
}

function printBreakdown(parts: Record<string, number[]>): void {
  latencyRow('  written → values stored', parts.stored ?? []);
  latencyRow('  stored → alarm at the live hub', parts.announced ?? []);
  latencyRow('  live hub → first console', parts.received ?? []);
}

function timingsRow(label: string, t: Timings): void {
  row(label, fmt(t.count), `${fmt(t.ms / Math.max(1, t.count), 1)} / ${fmt(t.maxMs, 1)} ms (mean / max)`);
}

function latencyRow(label: string, values: readonly number[]): void {
  const sorted = Float64Array.from(values).sort();
  const p = (q: number) => fmt(percentile(sorted, q), 1);
  row(label, `${p(50)} / ${p(90)} / ${p(99)} / ${fmt(sorted.at(-1) ?? NaN, 1)}`, 'ms, p50 / p90 / p99 / max');
}

/** The server side's figures: the single process's own, or the cluster processes' CPU and where the stations went. */
function printProcesses({ server, cpu, stationsByNode }: WindowFigures): void {
  if (server) {
    const { stats, memory, trace } = server;
    row(
      'server process CPU (all threads)',
      `${fmt((100 * (stats.cpuUserMs + stats.cpuSystemMs)) / stats.wallMs)} %`,
      `user ${fmt(stats.cpuUserMs / 1000, 1)} s, sys ${fmt(stats.cpuSystemMs / 1000, 1)} s`,
    );
    row('server event loop busy', `${fmt(100 * stats.eventLoopUtilisation)} %`);
    row(
      'ingest batches, mean / max packets',
      fmt(stats.batches),
      `${fmt(stats.packets / Math.max(1, stats.batches), 1)} / ${fmt(stats.maxBatch)}`,
    );
    row(
      'server RSS / heapUsed',
      `${mib(memory.rss)} / ${mib(memory.heapUsed)}`,
      `${memory.gc ? 'after full GC' : 'NOT after GC'}, ${fmt(memory.connections)} station connections`,
    );
    timingsRow('alarm engine write transactions', trace.alarmWrites);
    timingsRow(`alarm fan-outs to ${CONSOLES} consoles`, trace.fanOuts);
  }
  if (cpu) {
    for (const [name, pct] of Object.entries(cpu.processes)) row(`CPU ${name}`, `${fmt(pct)} %`, 'of one core');
    row('machine CPU busy', `${fmt(cpu.machineBusy)} %`, `of ${availableParallelism()} cores, everything running`);
  }
  if (stationsByNode) {
    const held = (r: Record<string, number>) =>
      Object.entries(r)
        .map(([node, n]) => `${node} ${fmt(n)}`)
        .join(', ');
    row('background stations per gateway', held(stationsByNode.background), '(device_status.node_id)');
    row('probe stations per gateway', held(stationsByNode.probes));
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-bench-alarm-'));
  const profDir = args['cpu-prof'] && !args.cluster ? mkdtempSync(join(tmpdir(), 'envmon-alarm-prof-')) : undefined;
  let failed = false;
  const fail = (text: string) => {
    failed = true;
    console.error(`FAILED: ${text}`);
  };
  let target: AlarmTarget | null = null;
  let profiled: ServerStats | null = null;
  try {
    const load1 = loadavg()[0] ?? 0;
    console.log(
      `envmon alarm benchmark: node ${process.version}, ${availableParallelism()} cores ` +
        `(1-min load average ${fmt(load1, 2)}${load1 > availableParallelism() ? ': a busy machine, figures may be high' : ''}), ` +
        `${args.cluster ? 'cluster' : 'single process'}\n` +
        `  background: ${STATIONS} stations paced to ${fmt(RATE)} packets/s (CN=2051 Flag=5, ${FACTORS.length} factors, ` +
        `each inside its threshold, ≤ ${WINDOW} in flight per station); ${CONSOLES} WebSocket consoles (admin session);\n` +
        `  a probe every ${INTERVAL_MS} ms over ${PROBES} probe stations (${PROBE_FACTOR} = ${PROBE_VALUE} > ${PROBE_LIMIT}, ` +
        `then back to normal); ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up`,
    );
    const setup = { database: args.database, dir, stations: STATIONS, probes: PROBES, cpuProfDir: profDir };
    target = await (args.cluster ? cluster : singleProcess)({ ...setup, verbose: args.verbose });
    console.log(`  ${target.label}`);
    const { httpUrl: base, deviceIds } = target;
    const { token } = await post<{ token: string }>(base, '/manager/system/login/rest/login', {
      userName: 'admin',
      password: ADMIN_PASSWORD,
    });
    for (let i = 0; i < PROBES; i += 1) {
      await post(
        base,
        '/manager/alarm/threshold/rest/add',
        {
          deviceId: deviceIds[stationCode('probe', i)],
          factorCode: PROBE_FACTOR,
          operator: THRESHOLD_OPERATOR.gt,
          limit1: PROBE_LIMIT,
        },
        token,
      );
    }

    const qn = { n: 0 };
    const background = new Load(qn, false);
    const probeLoad = new Load(qn, false);
    const { gatewayPort } = target;
    const stations = await openMany(
      STATIONS,
      async (i) => new LoadStation(await open(gatewayPort), stationCode('load', i), background),
    );
    const probeStations = await openMany(
      PROBES,
      async (i) => new LoadStation(await open(gatewayPort), stationCode('probe', i), probeLoad),
    );
    const probes = new Probes(probeStations, CONSOLES, INTERVAL_MS);
    const consoles = await openConsoles(`${base.replace(/^http/, 'ws')}/websocket/${token}`, probes, CONSOLES);
    const pacer = new Pacer(stations, background, RATE, WINDOW);
    try {
      // First without background: the probes alone, a packet at a time per probe station — what a lone packet
      // costs when no batch is filling up.
      probes.measuring = true;
      probes.start();
      await sleep(QUIET_SECONDS * 1000);
      probes.measuring = false;
      await probes.stop();
      const quiet = probes.takeSamples();

      pacer.start();
      probes.start();
      await sleep(WARMUP_SECONDS * 1000);

      target.windowStart();
      const elu = performance.eventLoopUtilization();
      const ackedBefore = background.acked;
      const sentBefore = background.sent;
      const t0 = performance.now();
      background.phase = 'measure';
      probes.measuring = true;
      await sleep(SECONDS * 1000);
      probes.measuring = false;
      const windowSeconds = (performance.now() - t0) / 1000;
      const windowAcks = background.acked - ackedBefore;
      const windowSent = background.sent - sentBefore;
      const clientBusy = performance.eventLoopUtilization(elu).utilization;
      const figures = await target.windowEnd();
      const trace = figures.server?.trace;
      const open = consoles.sockets.filter((s) => s.readyState === WebSocket.OPEN).length;

      await probes.stop();
      pacer.stop();
      background.phase = 'drain';
      probeLoad.phase = 'drain';
      const drained = (await background.drained(DRAIN_TIMEOUT_MS)) && (await probeLoad.drained(DRAIN_TIMEOUT_MS));

      const ackedRate = windowAcks / windowSeconds;
      const { raise, clear } = probes;
      const p99Last = percentile(Float64Array.from(raise.last).sort(), 99);
      const acks = Float64Array.from(background.latencies).sort();

      console.log('\nBackground ingest');
      row('packets/s sent', fmt(windowSent / windowSeconds), `${fmt(windowSeconds, 2)} s window`);
      row(
        'packets/s acknowledged',
        fmt(ackedRate),
        `target ${fmt(RATE)} (≥ ${fmt(RATE * RATE_TOLERANCE)})`,
        ackedRate >= RATE * RATE_TOLERANCE ? 'reached' : 'NOT reached: the load below is lighter than asked',
      );
      row('due but windows full', fmt(pacer.shortfall), 'packets the pacer could not send');
      row(
        'ack latency p50 / p99 / max',
        `${fmt(percentile(acks, 50), 1)} / ${fmt(percentile(acks, 99), 1)} / ${fmt(acks.at(-1) ?? NaN, 1)} ms`,
      );
      row(
        'alarms from background stations',
        fmt(probes.unexpectedCount),
        'expected 0',
        probes.unexpectedCount === 0 ? 'OK' : 'WRONG',
      );

      console.log(
        `\nAlarm latency without background load (probes only, ${fmt(QUIET_SECONDS)} s before the load starts)`,
      );
      row('probes measured / timed out', `${fmt(quiet.raise.first.length)} / ${fmt(quiet.raise.timeouts)}`);
      latencyRow('first console', quiet.raise.first);
      latencyRow(`last of ${CONSOLES} consoles`, quiet.raise.last);
      const p99Quiet = percentile(Float64Array.from(quiet.raise.last).sort(), 99);
      row(
        `p99, last of ${CONSOLES} consoles`,
        `${fmt(p99Quiet, 1)} ms`,
        `target < ${TARGET_QUIET_P99_MS} ms`,
        verdict(p99Quiet < TARGET_QUIET_P99_MS),
      );
      if (trace) {
        console.log('  where it goes (server trace):');
        printBreakdown(breakdown(quiet.raise, trace, 'raised'));
      }

      console.log(
        '\nAlarm latency with the background load: exceeding packet written on the station socket → alarm frame (active) received by a console.\n' +
          '  Measured on the client (stamped just before the write, and on receipt), so an upper bound of\n' +
          '  "arrival at the gateway → frame leaving the WebSocket": it adds the loopback hops (microseconds)\n' +
          `  and this process's own queueing of ${CONSOLES} sockets' frames.`,
      );
      row(
        'consoles connected (open at end)',
        `${fmt(open)} / ${fmt(CONSOLES)}`,
        '',
        open === CONSOLES ? 'OK' : 'WRONG',
      );
      row(
        'probes measured / timed out',
        `${fmt(raise.first.length)} / ${fmt(raise.timeouts)}`,
        `${fmt(probes.skipped)} slots skipped (all probes busy)`,
      );
      latencyRow('first console', raise.first);
      latencyRow(`last of ${CONSOLES} consoles`, raise.last);
      row(
        `p99, last of ${CONSOLES} consoles`,
        `${fmt(p99Last, 1)} ms`,
        `target < ${TARGET_P99_MS} ms`,
        verdict(p99Last < TARGET_P99_MS),
      );
      if (trace) {
        console.log('  where it goes (server trace):');
        printBreakdown(breakdown(raise, trace, 'raised'));
      }
      console.log('\nClear latency: recovering packet written → alarm frame (cleared) received');
      row('clears measured / timed out', `${fmt(clear.first.length)} / ${fmt(clear.timeouts)}`);
      latencyRow('first console', clear.first);
      latencyRow(`last of ${CONSOLES} consoles`, clear.last);
      if (trace) {
        console.log('  where it goes (server trace):');
        printBreakdown(breakdown(clear, trace, 'cleared'));
      }

      console.log('\nProcesses');
      printProcesses(figures);
      row('WebSocket frames received', fmt(consoles.frames), 'by all consoles');
      row('load generator event loop busy', `${fmt(100 * clientBusy)} %`, 'stations, probes and consoles');

      if (background.errorCount + probeLoad.errorCount > 0) {
        fail(`bad station replies, first: ${[...background.errors, ...probeLoad.errors].join('; ')}`);
      }
      if (!drained) fail('some packets were never acknowledged');
      if (consoles.closed.length > 0)
        fail(`${consoles.closed.length} consoles closed, first: ${consoles.closed[0] ?? ''}`);
      if (probes.unexpectedCount > 0) fail(`unexpected alarms, first: ${probes.unexpected.join('; ')}`);
      if (raise.first.length === 0) fail('no probe was measured');
      profiled = figures.server?.stats ?? null;
      if (figures.stationsByNode) {
        const { background, probes: probing } = figures.stationsByNode;
        const gateways = (r: Record<string, number>) => Object.keys(r).filter((k) => k.startsWith('gateway-')).length;
        if (gateways(background) < 2 || gateways(probing) < 2) {
          fail(`the stations were not spread over the gateways: ${JSON.stringify(figures.stationsByNode)}`);
        }
      }
    } finally {
      pacer.stop();
      for (const s of consoles.sockets) s.terminate();
      for (const s of [...stations, ...probeStations]) s.socket.destroy();
    }
    await target.close();
    if (profDir && profiled) printProfile(summariseProfile(profDir, profiled.fromUs, profiled.toUs));
  } finally {
    await target?.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main();
