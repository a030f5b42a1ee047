// The cluster side of the gateway benchmarks' `--cluster` mode (bench/ingest-cluster.ts, bench/alarm.ts):
// the cluster of `npm run cluster` (scripts/cluster.mjs: NATS, PostgreSQL, two HTTP and two gateway
// processes of the built server, haproxy in front) without its demo, the CPU its processes use during a
// measured window, and which gateway holds which benchmark station.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Cluster, startCluster as StartCluster } from '../scripts/cluster.mjs';
import { parseDatabaseUrl } from '@envmon/server/dist/config/config.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import { ADMIN_PASSWORD } from './bench-server-side.js';
import { type StationGroup, stationCode } from './ingest-common.js';

export type { Cluster };

/** Cluster output lines echoed before the rest is only counted (the servers log warnings and up). */
const ECHOED_LINES = 40;

/**
 * Starts the cluster for a benchmark: no demo stations, the benchmark's admin password, gateways that
 * take `maxConnections` stations from one address (all of them come from loopback, through haproxy).
 * scripts/cluster.mjs is loaded from the repository at run time: bench/dist is not beside it.
 */
export async function startBenchCluster(o: { maxConnections: number; verbose: boolean }): Promise<Cluster> {
  const { startCluster } = (await import(new URL('../../scripts/cluster.mjs', import.meta.url).href)) as {
    startCluster: typeof StartCluster;
  };
  let lines = 0;
  const log = (line: string) => {
    lines += 1;
    if (o.verbose || lines <= ECHOED_LINES) console.error(`  [cluster] ${line}`);
    else if (lines === ECHOED_LINES + 1) console.error('  [cluster] … further output not shown (--verbose shows it)');
  };
  return startCluster({
    gateways: 2,
    https: 2,
    demo: false,
    verbose: o.verbose,
    log,
    env: {
      ADMIN_PASSWORD,
      GATEWAY_MAX_CONNECTIONS: String(o.maxConnections),
      GATEWAY_MAX_UNPROVEN_PER_ADDRESS: String(o.maxConnections),
    },
  });
}

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on every Linux build in use. */
const TICKS_PER_S = 100;

function processTicks(pid: number): number {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return NaN;
  }
}

function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const t = cpu.trim().split(/\s+/).slice(1).map(Number);
  const total = t.reduce((a, b) => a + b, 0);
  // idle and iowait
  return { busy: total - (t[3] ?? 0) - (t[4] ?? 0), total };
}

/** CPU use of named processes and of the whole machine over a window, in % of one core (machine: of all cores). */
export class CpuWindow {
  private readonly t0 = performance.now();
  private readonly before: Map<string, number>;
  private readonly machine = machineTicks();

  constructor(private readonly pids: Record<string, number | undefined>) {
    this.before = new Map(Object.entries(pids).map(([name, pid]) => [name, pid ? processTicks(pid) : NaN]));
  }

  end(): { processes: Record<string, number>; machineBusy: number } {
    const seconds = (performance.now() - this.t0) / 1000;
    const processes: Record<string, number> = {};
    for (const [name, pid] of Object.entries(this.pids)) {
      const ticks = (pid ? processTicks(pid) : NaN) - (this.before.get(name) ?? NaN);
      processes[name] = (100 * ticks) / TICKS_PER_S / seconds;
    }
    const m = machineTicks();
    return { processes, machineBusy: (100 * (m.busy - this.machine.busy)) / Math.max(1, m.total - this.machine.total) };
  }
}

/** The cluster's server processes and haproxy, by name, for CpuWindow. */
export const clusterPids = (cluster: Cluster): Record<string, number | undefined> => ({
  ...Object.fromEntries(cluster.nodes.map((n) => [n.name, n.pid])),
  haproxy: cluster.haproxy.pid,
});

/** How many of a group's stations each node last held (device_status.node_id), by node name. */
export async function stationsByNode(databaseUrl: string, group: StationGroup): Promise<Record<string, number>> {
  const { db } = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    const prefix = stationCode(group, 0).slice(0, 6);
    const rows = await db
      .selectFrom('deviceStatus')
      .innerJoin('devices', 'devices.id', 'deviceStatus.deviceId')
      .select((eb) => ['deviceStatus.nodeId', eb.fn.countAll<number>().as('n')])
      .where('devices.deviceCode', 'like', `${prefix}%`)
      .groupBy('deviceStatus.nodeId')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.nodeId ?? '(none)', Number(r.n)]));
  } finally {
    await db.destroy();
  }
}
