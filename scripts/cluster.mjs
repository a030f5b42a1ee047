#!/usr/bin/env node
// The cluster on one machine (README 'Beyond one machine'), built with `npm run build` first:
//
//   node scripts/cluster.mjs [--gateways 2] [--https 2] [--no-demo] [--verbose]
//   import { startCluster } from './cluster.mjs'   (the cluster test does this)
//
// A throwaway NATS (scripts/nats.mjs) and PostgreSQL (scripts/postgres.mjs), then the HTTP processes
// (http-1 first: migrations and the seed run once, there) and the gateway processes, each on its own
// free port on 127.0.0.1 with its NODE_ID, haproxy in front — consoles (HTTP and WebSocket) on PORT
// (default 8080), stations (TCP) on GATEWAY_PORT (default 9212) — and the demo's simulated stations
// connecting through it. Ctrl-C or SIGTERM stops it all in the reverse order and removes the
// temporary directories. Child output is prefixed with the child's name; the servers log warnings
// and up unless --verbose.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findHaproxy, HAPROXY_HOW_TO_PROVIDE, haproxyConfig } from './cluster-haproxy.mjs';
import { child, freePort, httpOk, tcpOpen, waitReady } from './cluster-processes.mjs';
import { startNats } from './nats.mjs';
import { startPostgres } from './postgres.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_MAIN = join(ROOT, 'apps/server/dist/main.js');
const STATIONS_MAIN = join(ROOT, 'scripts/cluster-stations.mjs');
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Starts the cluster; see the file's head. `port` and `gatewayPort` are the load balancer's (a free
 * one each when 0 or absent); `env` is added to every server process's environment. Resolves to
 * `{ httpUrl, httpPort, gatewayPort, statsUrl, natsUrl, databaseUrl, adminPassword, dir, nodes,
 * stop() }`, each node `{ name, services, port, pid, running, kill(signal), restart() }` — `port` the
 * HTTP port of an http node, the TCP port of a gateway. Until `stop()`, a signal to this process
 * stops everything in order and is then raised again.
 */
export async function startCluster({
  gateways = 2,
  https = 2,
  demo = true,
  log = (line) => process.stdout.write(`${line}\n`),
  env = {},
  port = 0,
  gatewayPort = 0,
  verbose = false,
} = {}) {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run \`npm run build\` first.`);
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error(HAPROXY_HOW_TO_PROVIDE);
  if (https < 1 || gateways < 1) throw new Error('a cluster needs at least one http and one gateway process');

  const dir = mkdtempSync(join(tmpdir(), 'envmon-cluster-'));
  /** @type {ReturnType<typeof child>[]} */
  const nodeProcs = [];
  // The servers' promises, so that a stop during their start still waits for them and ends them.
  let natsStart = null;
  let pgStart = null;
  let nats = null;
  let pg = null;
  let lb = null;
  let stations = null;
  let stopping = null;

  /** The last resort, when the process exits without stop(): nothing can be waited for. */
  const killNow = () => {
    for (const p of [stations, lb, ...nodeProcs]) p?.killNow();
    pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const stop = () => {
    stopping ??= (async () => {
      await stations?.stop();
      await lb?.stop();
      await Promise.all(nodeProcs.map((p) => p.stop()));
      await (await natsStart?.catch(() => null))?.stop();
      (await pgStart?.catch(() => null))?.stop();
      rmSync(dir, { recursive: true, force: true });
      process.removeListener('exit', killNow);
      for (const s of SIGNALS) process.removeListener(s, onSignal);
    })();
    return stopping;
  };
  // A first signal stops everything in order, then ends this process by the same signal; a second
  // one while that runs means now.
  const onSignal = (signal) => {
    if (stopping) {
      log(`${signal} again: killing the cluster`);
      killNow();
      void nats?.stop();
      process.exit(1);
    }
    log(`${signal}: stopping the cluster…`);
    void stop().finally(() => process.kill(process.pid, signal));
  };
  process.once('exit', killNow);
  for (const s of SIGNALS) process.on(s, onSignal);
  const checkNotStopped = () => {
    if (stopping) throw new Error('the cluster was stopped while starting');
  };

  try {
    natsStart = startNats({ log: (m) => log(`[nats] ${m}`) });
    nats = await natsStart;
    checkNotStopped();
    // startPostgres stops its server on the first signal, before the processes that use it; the
    // cluster's own stop does that in order (its exit hook stays, as the last resort).
    const before = new Map(SIGNALS.map((s) => [s, process.listeners(s)]));
    pgStart = startPostgres({ log: (m) => log(`[postgres] ${m}`) });
    pg = await pgStart;
    for (const s of SIGNALS) {
      for (const l of process.listeners(s)) if (!before.get(s).includes(l)) process.removeListener(s, l);
    }
    checkNotStopped();

    const adminPassword = env.ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    const baseEnv = {
      ...process.env,
      LOG_LEVEL: verbose ? (process.env.LOG_LEVEL ?? 'info') : 'warn',
      ...env,
      NATS_URL: nats.url,
      DATABASE_URL: pg.url,
      ADMIN_PASSWORD: adminPassword,
      GATEWAY_HOST: '127.0.0.1',
    };
    const nodes = [];
    const addNode = async (services, index) => {
      const name = `${services}-${index}`;
      const nodePort = await freePort();
      const logDir = join(dir, name, 'logs');
      mkdirSync(logDir, { recursive: true });
      const portVar = services === 'http' ? { PORT: String(nodePort) } : { GATEWAY_PORT: String(nodePort) };
      // The HTTP processes all hand the console the same settings (DEMO is one of them); the
      // gateways never run the in-process demo fleet: the stations come through the load balancer.
      const nodeEnv = {
        ...baseEnv,
        ...portVar,
        NODE_ID: name,
        LOG_DIR: logDir,
        DEMO: services === 'http' && demo ? '1' : '0',
      };
      // The HTTP processes run the scheduler too: one of them, elected, fires the scheduled jobs.
      const selected = services === 'http' ? 'http,scheduler' : services;
      const proc = child(name, process.execPath, [SERVER_MAIN, `--services=${selected}`], { env: nodeEnv, log });
      const ready = () => (services === 'http' ? httpOk(nodePort) : tcpOpen(nodePort));
      const startNode = async () => {
        checkNotStopped();
        proc.start();
        await waitReady(proc, ready, services === 'http' ? 'answering HTTP' : 'accepting stations');
      };
      nodeProcs.push(proc);
      nodes.push({
        name,
        services,
        port: nodePort,
        get pid() {
          return proc.pid;
        },
        get running() {
          return proc.running;
        },
        kill: (signal = 'SIGTERM') => proc.stop(signal),
        restart: async () => {
          await proc.stop();
          await startNode();
        },
      });
      // One at a time: each process migrates and seeds on start, which is safe but pointless to race.
      await startNode();
    };
    for (let i = 1; i <= https; i++) await addNode('http', i);
    for (let i = 1; i <= gateways; i++) await addNode('gateway', i);

    const httpPort = port || (await freePort());
    const stationPort = gatewayPort || (await freePort());
    const statsPort = await freePort();
    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      haproxyConfig({
        httpPort,
        gatewayPort: stationPort,
        statsPort,
        https: nodes.filter((n) => n.services === 'http'),
        gateways: nodes.filter((n) => n.services === 'gateway'),
      }),
    );
    checkNotStopped();
    lb = child('haproxy', haproxy, ['-f', cfg, '-db'], { env: process.env, log });
    lb.start();
    await waitReady(lb, async () => (await httpOk(httpPort)) && (await tcpOpen(stationPort)), 'routing');

    if (demo) {
      checkNotStopped();
      const args = [STATIONS_MAIN, '--port', String(stationPort), ...(verbose ? ['--verbose'] : [])];
      stations = child('stations', process.execPath, args, { env: process.env, log });
      stations.start();
    }

    return {
      httpUrl: `http://127.0.0.1:${httpPort}`,
      httpPort,
      gatewayPort: stationPort,
      statsUrl: `http://127.0.0.1:${statsPort}/`,
      natsUrl: nats.url,
      databaseUrl: pg.url,
      adminPassword,
      dir,
      nodes,
      haproxy: { pid: lb.pid },
      stations: stations ? { pid: stations.pid } : null,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** What runs where, for the terminal. */
function describe(cluster, adminFromEnv) {
  const rows = [
    ['nats', '', '', cluster.natsUrl],
    ['postgres', '', '', cluster.databaseUrl],
    ...cluster.nodes.map((n) => [
      n.name,
      `--services=${n.services}`,
      String(n.pid),
      n.services === 'http' ? `http://127.0.0.1:${n.port}` : `tcp 127.0.0.1:${n.port}`,
    ]),
    [
      'haproxy',
      '',
      String(cluster.haproxy.pid),
      `:${cluster.httpPort} consoles, :${cluster.gatewayPort} stations, stats ${cluster.statsUrl}`,
    ],
    ...(cluster.stations
      ? [['stations', 'demo simulator', String(cluster.stations.pid), `→ :${cluster.gatewayPort}`]]
      : []),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => `  ${r.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c)).join('  ')}`);
  const admin = adminFromEnv
    ? "sign in as 'admin' with ADMIN_PASSWORD"
    : `sign in as 'admin' with ${cluster.adminPassword} (generated for this run; ADMIN_PASSWORD sets it)`;
  return [
    '',
    `envmon cluster (temporary files in ${cluster.dir}):`,
    ...lines,
    '',
    `  console: http://localhost:${cluster.httpPort} — ${admin}`,
    '  Ctrl-C stops everything.',
    '',
  ].join('\n');
}

const USAGE = `Usage: node scripts/cluster.mjs [--gateways N] [--https N] [--no-demo] [--verbose]
  Load balancer ports: PORT (default 8080) for consoles, GATEWAY_PORT (default 9212) for stations; 0 picks free ones.`;

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        gateways: { type: 'string', default: '2' },
        https: { type: 'string', default: '2' },
        'no-demo': { type: 'boolean' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (err) {
    process.stderr.write(`${err.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  // A terminal's Ctrl-C reaches every process of its group at once: the servers, nats-server and haproxy
  // would stop together, not in order. So the cluster runs in a process group of its own, under this
  // one, which passes the signals on (and whose disappearance stops it too).
  if (process.env.ENVMON_CLUSTER_GROUP !== '1') {
    const supervisor = spawn(process.execPath, process.argv.slice(1), {
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ENVMON_CLUSTER_GROUP: '1' },
    });
    for (const s of SIGNALS) process.on(s, () => supervisor.kill(s));
    supervisor.once('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 1)));
    return;
  }
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));

  const int = (s, what) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${what} must be a whole number ≥ 1`);
    return n;
  };
  const cluster = await startCluster({
    gateways: int(values.gateways, 'gateways'),
    https: int(values.https, 'https'),
    demo: !values['no-demo'],
    verbose: values.verbose === true,
    port: Number(process.env.PORT ?? 8080),
    gatewayPort: Number(process.env.GATEWAY_PORT ?? 9212),
  });
  process.stdout.write(describe(cluster, Boolean(process.env.ADMIN_PASSWORD)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    process.stderr.write(`cluster: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
