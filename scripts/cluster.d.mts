/** Types of scripts/cluster.mjs, for the TypeScript that starts a cluster on one machine (the cluster test). */
export interface ClusterNode {
  /** `http-1`, `gateway-2` …: also its NODE_ID. */
  name: string;
  services: 'http' | 'gateway';
  /** The HTTP port of an http node, the station TCP port of a gateway (127.0.0.1), kept across restarts. */
  port: number;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Sends the signal (default SIGTERM) and resolves once the process has exited (SIGKILL after 10 s). */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops it if it runs, starts it again with the same environment and resolves once it answers. */
  restart(): Promise<void>;
}

export interface Cluster {
  /** The load balancer's console and API address. */
  httpUrl: string;
  httpPort: number;
  /** The load balancer's station (HJ 212 over TCP) port. */
  gatewayPort: number;
  /** haproxy's statistics page: which backend is up, sessions per node. */
  statsUrl: string;
  natsUrl: string;
  databaseUrl: string;
  /** The `admin` user's password: `env.ADMIN_PASSWORD`, ADMIN_PASSWORD, or generated for this run. */
  adminPassword: string;
  /** The temporary directory (nodes' LOG_DIR, haproxy.cfg), removed by stop(). */
  dir: string;
  nodes: ClusterNode[];
  haproxy: { pid: number | undefined };
  /** The demo's simulated stations, when `demo`. */
  stations: { pid: number | undefined } | null;
  /** Stops the stations, haproxy, the nodes, NATS and PostgreSQL in that order; idempotent. */
  stop(): Promise<void>;
}

export function startCluster(options?: {
  gateways?: number;
  https?: number;
  /** Seed the demo and run its stations through the load balancer (default true). */
  demo?: boolean;
  /** Receives every line of the children's output, prefixed with the child's name. */
  log?: (line: string) => void;
  /** Added to every server process's environment. */
  env?: Record<string, string>;
  /** The load balancer's console port; free one when 0 or absent. */
  port?: number;
  /** The load balancer's station port; free one when 0 or absent. */
  gatewayPort?: number;
  /** Servers log at info (LOG_LEVEL) instead of warn, stations every event. */
  verbose?: boolean;
}): Promise<Cluster>;
