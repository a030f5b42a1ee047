/**
 * `npm run simulate -- --stations N --interval S [--host H --port P --minute-interval S --verbose]`: runs a fleet of
 * simulated HJ 212 stations against a gateway and prints a status line every 10 s until Ctrl-C / SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startFleet } from './fleet.js';

const STATUS_EVERY_MS = 10_000;

const USAGE = `Usage: npm run simulate -- [options]
  --stations N          number of stations, alternating water and air (default 2)
  --interval S          seconds between real-time (2011) packets (default 30)
  --minute-interval S   seconds per minute-data (2051) period (default 60)
  --host H              gateway host (default 127.0.0.1)
  --port P              gateway port (default 9212)
  --verbose             log every station event
  --help                this text`;

interface CliOptions {
  stations: number;
  intervalS: number;
  minuteIntervalS: number;
  host: string;
  port: number;
  verbose: boolean;
}

function parseCli(argv: string[]): CliOptions | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        stations: { type: 'string' },
        interval: { type: 'string' },
        'minute-interval': { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  if (values.help === true) return '';
  const stations = Number(values.stations ?? '2');
  const intervalS = Number(values.interval ?? '30');
  const minuteIntervalS = Number(values['minute-interval'] ?? '60');
  const port = Number(values.port ?? '9212');
  if (!Number.isInteger(stations) || stations < 1) return '--stations must be a whole number ≥ 1';
  if (!Number.isFinite(intervalS) || intervalS <= 0) return '--interval must be a number of seconds > 0';
  if (!Number.isFinite(minuteIntervalS) || minuteIntervalS <= 0) return '--minute-interval must be seconds > 0';
  if (!Number.isInteger(port) || port < 1 || port > 65535) return '--port must be 1–65535';
  return {
    stations,
    intervalS,
    minuteIntervalS,
    host: values.host ?? '127.0.0.1',
    port,
    verbose: values.verbose === true,
  };
}

function main(): void {
  const parsed = parseCli(process.argv.slice(2));
  if (parsed === '') {
    console.log(USAGE);
    return;
  }
  if (typeof parsed === 'string') {
    console.error(`${parsed}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const fleet = startFleet({
    stations: parsed.stations,
    host: parsed.host,
    port: parsed.port,
    rtdIntervalMs: parsed.intervalS * 1000,
    minuteIntervalMs: parsed.minuteIntervalS * 1000,
    log: parsed.verbose ? (line) => console.log(line) : undefined,
  });
  console.log(
    `Simulating ${parsed.stations} station(s) → ${parsed.host}:${parsed.port}, real-time every ${parsed.intervalS} s, ` +
      `minute data every ${parsed.minuteIntervalS} s`,
  );
  for (const station of fleet.stations)
    console.log(`  ${station.mn}  ${station.kind === 'water' ? 'ST=21 water' : 'ST=22 air'}`);

  const status = setInterval(() => {
    let sent = 0;
    let acked = 0;
    let resent = 0;
    let unacked = 0;
    let connected = 0;
    for (const station of fleet.stations) {
      const s = station.stats;
      sent += s.sent;
      acked += s.acked;
      resent += s.resent;
      unacked += s.unacked;
      if (station.connected) connected++;
    }
    const time = new Date().toISOString().slice(11, 19);
    console.log(
      `${time}  sent ${sent}  acked ${acked}  resent ${resent}  waiting ${unacked}  ` +
        `connected ${connected}/${fleet.stations.length}`,
    );
  }, STATUS_EVERY_MS);

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) {
      // A second Ctrl-C means now.
      process.exit(130);
    }
    stopping = true;
    console.log(`${signal}: stopping…`);
    clearInterval(status);
    fleet.stop().then(
      () => {
        process.exitCode = 0;
      },
      (err: unknown) => {
        console.error(err);
        process.exitCode = 1;
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main();
