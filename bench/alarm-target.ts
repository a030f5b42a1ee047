// What `npm run bench:alarm` measures against: the single server process (bench/alarm-server.ts in a child,
// on a fresh database: SQLite, or one it creates on a PostgreSQL server), or with --cluster the cluster of
// bench/bench-cluster.ts — stations through haproxy's station port to the two gateway processes, where the
// alarm engine runs, and consoles through haproxy's HTTP port to the two HTTP processes, which push the
// alarms they hear on NATS. The single process traces each probe and reports its own figures; the cluster
// reports its processes' CPU.
import type { AlarmServerSetup } from './alarm-server.js';
import { addBackgroundThresholds } from './alarm-thresholds.js';
import { clusterPids, CpuWindow, startBenchCluster, stationsByNode } from './bench-cluster.js';
import { prepareDatabases, ServerChild } from './bench-parent-side.js';
import { benchConfig, registerStations } from './bench-server-side.js';
import type { MemorySample, ProbeTrace, ServerStats } from './ingest-common.js';

/** The figures of a measured window that only the server side knows. */
export interface WindowFigures {
  /** The single process's own: CPU, ingest batches, memory, the probes' trace. */
  server?: { stats: ServerStats; memory: MemorySample; trace: ProbeTrace };
  /** The cluster processes' CPU, % of one core, and the machine's, % of all cores. */
  cpu?: ReturnType<CpuWindow['end']>;
  /** Background and probe stations each gateway held (device_status.node_id), for the cluster. */
  stationsByNode?: { background: Record<string, number>; probes: Record<string, number> };
}

export interface AlarmTarget {
  /** For the report's head: the database, and where the server runs. */
  label: string;
  /** HTTP API and WebSocket base, http://host:port. */
  httpUrl: string;
  /** Where stations connect. */
  gatewayPort: number;
  /** Device id of each registered station, by MN. */
  deviceIds: Record<string, number>;
  windowStart(): void;
  windowEnd(): Promise<WindowFigures>;
  /** Ends the server side and removes its databases; safe to call twice. */
  close(): Promise<void>;
}

export interface TargetSetup {
  database: string;
  dir: string;
  stations: number;
  probes: number;
  cpuProfDir?: string;
  verbose: boolean;
}

const maxConnections = (s: TargetSetup) => s.stations + s.probes + 100;

export async function singleProcess(s: TargetSetup): Promise<AlarmTarget> {
  const dbs = await prepareDatabases(s.database, s.dir, ['alarm']);
  let server: ServerChild | null = null;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    try {
      // The child writes its profile as it exits.
      await server?.close();
    } finally {
      server?.kill();
      await dbs.drop();
    }
  };
  try {
    const setup: AlarmServerSetup = {
      databaseUrl: dbs.urls.alarm,
      dir: s.dir,
      stations: s.stations,
      probes: s.probes,
      maxConnections: maxConnections(s),
    };
    server = await ServerChild.start(new URL('./alarm-server.js', import.meta.url), setup, s.cpuProfDir);
    const child = server;
    return {
      label: `${dbs.label}; server in a child process`,
      httpUrl: `http://127.0.0.1:${child.ready.httpPort ?? 0}`,
      gatewayPort: child.port,
      deviceIds: child.ready.deviceIds ?? {},
      windowStart: () => child.tell({ type: 'window-start' }),
      windowEnd: async () => {
        const { stats } = await child.ask({ type: 'window-end' }, 'window');
        const { memory } = await child.ask({ type: 'memory' }, 'memory');
        const { trace } = await child.ask({ type: 'trace' }, 'trace');
        return { server: { stats, memory, trace } };
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

export async function cluster(s: TargetSetup): Promise<AlarmTarget> {
  const c = await startBenchCluster({ maxConnections: maxConnections(s), verbose: s.verbose });
  try {
    const config = benchConfig(c.databaseUrl, s.dir);
    const deviceIds = await registerStations(config, [
      { group: 'load', count: s.stations },
      { group: 'probe', count: s.probes },
    ]);
    await addBackgroundThresholds(config, deviceIds, s.stations);
    let cpu: CpuWindow | null = null;
    const nodes = c.nodes.map((n) => `${n.name} :${n.port}`).join(', ');
    return {
      label: `cluster on one throwaway PostgreSQL and NATS (${nodes}); stations through haproxy :${c.gatewayPort}, consoles through haproxy :${c.httpPort}`,
      httpUrl: c.httpUrl,
      gatewayPort: c.gatewayPort,
      deviceIds,
      windowStart: () => (cpu = new CpuWindow(clusterPids(c))),
      windowEnd: async () => ({
        cpu: cpu?.end(),
        stationsByNode: {
          background: await stationsByNode(c.databaseUrl, 'load'),
          probes: await stationsByNode(c.databaseUrl, 'probe'),
        },
      }),
      close: () => c.stop(),
    };
  } catch (err) {
    await c.stop();
    throw err;
  }
}
