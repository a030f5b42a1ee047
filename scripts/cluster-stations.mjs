#!/usr/bin/env node
// The demo's stations for `npm run cluster` (scripts/cluster.mjs): the same simulated stations the
// single-process demo runs in its gateway — the ones the demo seed registers — but in a process of
// their own, connecting through the load balancer's station port like real stations would.
//
//   node scripts/cluster-stations.mjs --port <P> [--host 127.0.0.1] [--verbose]
//
// Prints a line whenever the number of connected stations changes (a gateway going away shows).
import { parseArgs } from 'node:util';
import { DEMO_OVERFLOW_STATION_COUNT, DEMO_STATION_COUNT, DEMO_STATION_INTERVAL } from '../apps/server/dist/db/seed.js';
import { startFleet } from '../apps/server/dist/simulator/fleet.js';

const { values } = parseArgs({
  options: { host: { type: 'string' }, port: { type: 'string' }, verbose: { type: 'boolean' } },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write('--port <P> (the load balancer station port) is required\n');
  process.exit(2);
}

const fleet = startFleet({
  stations: DEMO_STATION_COUNT,
  overflowStations: DEMO_OVERFLOW_STATION_COUNT,
  host: values.host ?? '127.0.0.1',
  port,
  rtdIntervalMs: DEMO_STATION_INTERVAL * 1000,
  minuteIntervalMs: 60_000,
  log: values.verbose ? (line) => process.stdout.write(`${line}\n`) : undefined,
});

let shown = -1;
const watch = setInterval(() => {
  const connected = fleet.stations.filter((s) => s.connected).length;
  if (connected === shown) return;
  shown = connected;
  process.stdout.write(`${connected}/${fleet.stations.length} demo stations connected\n`);
}, 500);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  clearInterval(watch);
  fleet.stop().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
