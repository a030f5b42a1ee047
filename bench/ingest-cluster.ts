// `npm run bench:ingest -- --cluster`: what the NATS bus costs. The throughput workload of bench/ingest.ts
// (stations each keeping a window of minute packets in flight, counting the 9014s the gateway sends after
// the commit) runs twice in one run on one PostgreSQL server — the cluster's (bench/bench-cluster.ts):
// once against the single-process server of the PostgreSQL case (bench/ingest-server.ts, its own fresh
// database on that server), then against the cluster, two gateway and two HTTP processes on NATS with
// haproxy in front. The stations connect through haproxy's station port (leastconn spreads them over
// the gateways; --direct sends half straight to each gateway instead), and the report shows which
// gateway held how many. The machine's other load drifts, so --rounds alternates the two cases (single,
// cluster, single, …) and the ratio is of their mean rates. Prints both rates and cluster ÷ single against
// its target.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { clusterPids, CpuWindow, startBenchCluster, stationsByNode } from './bench-cluster.js';
import {
  countRows,
  fmt,
  Load,
  LoadStation,
  open,
  openMany,
  percentile,
  prepareDatabases,
  row,
  ServerChild,
  verdict,
} from './bench-parent-side.js';
import { benchConfig, registerStations } from './bench-server-side.js';
import { FACTORS, stationCode } from './ingest-common.js';

/** The bus must not halve throughput: the cluster keeps at least this share of one process's rate. */
const TARGET_RATIO = 0.7;
const DRAIN_TIMEOUT_MS = 60_000;
const SERVER_SCRIPT = new URL('./ingest-server.js', import.meta.url);

export interface ClusterOptions {
  stations: number;
  seconds: number;
  window: number;
  warmupSeconds: number;
  /** Single, then cluster, this many times. */
  rounds: number;
  /** Half the stations straight to each gateway's port instead of through haproxy. */
  direct: boolean;
  verbose: boolean;
}

interface Measured {
  packetsPerS: number;
  windowAcks: number;
  windowSeconds: number;
  load: Load;
  drained: boolean;
  clientBusy: number;
  cpu: ReturnType<CpuWindow['end']>;
}

/** Stations spread round robin over `ports`, each with `window` packets in flight; one measured window. */
async function measure(
  o: ClusterOptions,
  ports: readonly number[],
  firstStation: number,
  pids: Record<string, number | undefined>,
  hooks: { start(): void; end(): Promise<Record<string, number>> },
): Promise<Measured> {
  const load = new Load();
  const stations = await openMany(
    o.stations,
    async (i) => new LoadStation(await open(ports[i % ports.length] ?? 0), stationCode('load', firstStation + i), load),
  );
  try {
    for (const s of stations) s.send(o.window);
    await sleep(o.warmupSeconds * 1000);
    hooks.start();
    const cpu = new CpuWindow(pids);
    const elu = performance.eventLoopUtilization();
    const ackedBefore = load.acked;
    const t0 = performance.now();
    load.phase = 'measure';
    await sleep(o.seconds * 1000);
    load.phase = 'drain';
    const windowSeconds = (performance.now() - t0) / 1000;
    const windowAcks = load.acked - ackedBefore;
    const clientBusy = performance.eventLoopUtilization(elu).utilization;
    const cpuUse = cpu.end();
    Object.assign(cpuUse.processes, await hooks.end());
    const drained = await load.drained(DRAIN_TIMEOUT_MS);
    return {
      packetsPerS: windowAcks / windowSeconds,
      windowAcks,
      windowSeconds,
      load,
      drained,
      clientBusy,
      cpu: cpuUse,
    };
  } finally {
    for (const s of stations) s.socket.destroy();
  }
}

/** Prints one case's figures; returns what is wrong with it ('' when nothing). `earlier`: packets the database held before. */
async function report(title: string, m: Measured, databaseUrl: string, earlier = 0): Promise<string> {
  const latencies = Float64Array.from(m.load.latencies).sort();
  console.log(`\n${title}`);
  row('packets acknowledged in window', fmt(m.windowAcks), `${fmt(m.windowSeconds, 2)} s`);
  row('packets/s acknowledged', fmt(m.packetsPerS), `values/s ${fmt(m.packetsPerS * FACTORS.length)}`);
  row(
    'ack latency p50 / p99 / max',
    `${fmt(percentile(latencies, 50), 1)} / ${fmt(percentile(latencies, 99), 1)} / ${fmt(latencies.at(-1) ?? NaN, 1)} ms`,
  );
  for (const [name, pct] of Object.entries(m.cpu.processes)) row(`CPU ${name}`, `${fmt(pct)} %`, 'of one core');
  row('machine CPU busy', `${fmt(m.cpu.machineBusy)} %`, `of ${availableParallelism()} cores, everything running`);
  row('load generator event loop busy', `${fmt(100 * m.clientBusy)} %`);
  const rows = await countRows(databaseUrl);
  const total = earlier + m.load.acked;
  const ok = rows.originals === total && rows.measurements === total * FACTORS.length;
  row(
    earlier ? 'stored so far, packets / values' : 'stored packets / measurement rows',
    `${fmt(rows.originals)} / ${fmt(rows.measurements)}`,
    `= acked ${fmt(total)} / × 10`,
    ok ? 'OK' : 'WRONG',
  );
  if (m.load.errorCount > 0) return `${m.load.errorCount} bad replies, first: ${m.load.errors.join('; ')}`;
  if (!m.drained) return `${m.load.sent - m.load.acked} packets never acknowledged`;
  if (!ok) return 'stored row counts differ from acknowledged packets';
  return '';
}

/** Runs both cases and prints them; false when either failed its checks. */
export async function runClusterComparison(o: ClusterOptions): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-bench-ingest-cluster-'));
  const failures: string[] = [];
  const load1 = loadavg()[0] ?? 0;
  console.log(
    `envmon ingest benchmark, cluster vs single process: node ${process.version}, ${availableParallelism()} cores ` +
      `(1-min load average ${fmt(load1, 2)}${load1 > availableParallelism() ? ': a busy machine, figures may be low' : ''})\n` +
      `  ${o.stations} stations × ${o.window} packets in flight, CN=2051 Flag=5 with ${FACTORS.length} factors, ` +
      `${o.seconds} s measured after ${o.warmupSeconds} s warm-up, each case on a fresh database of one PostgreSQL`,
  );
  const maxConnections = o.stations + 100;
  const cluster = await startBenchCluster({ maxConnections, verbose: o.verbose });
  const roles = Array.from({ length: o.rounds }, (_, r) => `single${r + 1}`);
  let single: ServerChild | null = null;
  try {
    const dbs = await prepareDatabases(cluster.databaseUrl, dir, roles);
    try {
      console.log(`  ${dbs.label}`);
      // The cluster's database keeps every round's rows: each round has stations of its own (fresh data times).
      await registerStations(benchConfig(cluster.databaseUrl, dir), [{ group: 'load', count: o.stations * o.rounds }]);
      const gateways = cluster.nodes.filter((n) => n.services === 'gateway');
      const ports = o.direct ? gateways.map((g) => g.port) : [cluster.gatewayPort];
      const rates: { single: number; cluster: number }[] = [];
      let clusterAcked = 0;
      for (let r = 0; r < o.rounds; r += 1) {
        const round = o.rounds > 1 ? `round ${r + 1}: ` : '';
        const url = dbs.urls[roles[r] ?? ''] ?? '';
        single = await ServerChild.start(SERVER_SCRIPT, {
          databaseUrl: url,
          dir,
          group: 'load',
          stations: o.stations,
          maxConnections,
        });
        const server = single;
        const one = await measure(
          o,
          [server.port],
          0,
          {},
          {
            start: () => server.tell({ type: 'window-start' }),
            end: async () => {
              const { stats } = await server.ask({ type: 'window-end' }, 'window');
              return { 'server process': (100 * (stats.cpuUserMs + stats.cpuSystemMs)) / stats.wallMs };
            },
          },
        );
        await server.close();
        const singleFailure = await report(
          `${round}Single process: stations → gateway → ingest → PostgreSQL, 9014 after commit`,
          one,
          url,
        );
        if (singleFailure) failures.push(`${round}single process: ${singleFailure}`);

        const many = await measure(o, ports, r * o.stations, clusterPids(cluster), {
          start: () => undefined,
          end: () => Promise.resolve({}),
        });
        const clusterFailure = await report(
          `${round}Cluster: stations → ${o.direct ? 'half to each gateway directly' : "haproxy's station port (leastconn)"} → ` +
            `${gateways.length} gateways → PostgreSQL, events on NATS to ${cluster.nodes.length - gateways.length} HTTP processes`,
          many,
          cluster.databaseUrl,
          clusterAcked,
        );
        clusterAcked += many.load.acked;
        if (clusterFailure) failures.push(`${round}cluster: ${clusterFailure}`);
        rates.push({ single: one.packetsPerS, cluster: many.packetsPerS });
      }
      const byNode = await stationsByNode(cluster.databaseUrl, 'load');
      const spread = gateways.map((g) => `${g.name} ${fmt(byNode[g.name] ?? 0)}`).join(', ');
      const bothUsed = gateways.every((g) => (byNode[g.name] ?? 0) > 0);
      row('stations held per gateway', spread, '(device_status.node_id)', bothUsed ? 'OK' : 'NOT SPREAD');
      if (!bothUsed) failures.push(`the stations were not spread over the gateways: ${JSON.stringify(byNode)}`);

      const mean = (k: 'single' | 'cluster') => rates.reduce((a, x) => a + x[k], 0) / rates.length;
      const ratio = mean('cluster') / mean('single');
      console.log('\nCluster ÷ single process');
      rates.forEach((x, r) =>
        row(
          `packets/s single / cluster${o.rounds > 1 ? `, round ${r + 1}` : ''}`,
          `${fmt(x.single)} / ${fmt(x.cluster)}`,
          `ratio ${fmt(x.cluster / x.single, 2)}`,
        ),
      );
      if (o.rounds > 1) row('mean packets/s single / cluster', `${fmt(mean('single'))} / ${fmt(mean('cluster'))}`);
      row('ratio cluster ÷ single', fmt(ratio, 2), `target ≥ ${TARGET_RATIO}`, verdict(ratio >= TARGET_RATIO));
    } finally {
      single?.kill();
      await dbs.drop();
    }
  } finally {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const f of failures) console.error(`FAILED: ${f}`);
  return failures.length === 0;
}
