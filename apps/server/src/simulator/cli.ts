/**
 * `npm run simulate -- --stations N --interval S [--host H --port P --minute-interval S --fault 1:zeros --verbose]`:
 * runs a fleet of simulated HJ 212 stations against a gateway and prints a status line every 10 s until Ctrl-C /
 * SIGTERM. Faults are scripted with `--fault` at start, or typed while it runs (`2 spike`, `all off`).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { type FaultCommand, parseFaultCommand } from './fault-command.js';
import { type Fleet, startFleet } from './fleet.js';
import { STATION_FAULTS } from './station-model.js';

const STATUS_EVERY_MS = 10_000;

const USAGE = `Usage: npm run simulate -- [options]
  --stations N          number of stations, alternating water and air (default 2)
  --interval S          seconds between real-time (2011) packets (default 30)
  --minute-interval S   seconds per minute-data (2051) period (default 60)
  --host H              gateway host (default 127.0.0.1)
  --port P              gateway port (default 9212)
  --fault N:F           start station N (1-based, a range 2-4, or all) with fault F; repeatable
  --verbose             log every station event
  --help                this text

While it runs, type "<station> <fault>" and Enter to set a fault, "<station> off" to clear it.
Faults: ${STATION_FAULTS.join(', ')}.`;

interface CliOptions {
  stations: number;
  intervalS: number;
  minuteIntervalS: number;
  host: string;
  port: number;
  faults: string[];
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
        fault: { type: 'string', multiple: true },
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
    faults: values.fault ?? [],
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
  const faults: FaultCommand[] = [];
  for (const text of parsed.faults) {
    const command = parseFaultCommand(text, parsed.stations);
    if (typeof command === 'string') {
      console.error(`--fault ${text}: ${command}`);
      process.exitCode = 2;
      return;
    }
    faults.push(command);
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
  for (const [i, station] of fleet.stations.entries())
    console.log(`  ${i + 1}  ${station.mn}  ST=${station.st} ${station.kind}`);
  for (const command of faults) applyFault(fleet, command);
  const input = createInterface({ input: process.stdin, terminal: false });
  input.on('line', (line) => {
    if (line.trim() === '') return;
    const command = parseFaultCommand(line, fleet.stations.length);
    if (typeof command === 'string') console.log(command);
    else applyFault(fleet, command);
  });

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
    input.close();
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

function applyFault(fleet: Fleet, command: FaultCommand): void {
  for (const i of command.stations) fleet.stations[i]?.setFault(command.fault);
  const who = command.stations.map((i) => i + 1).join(', ');
  console.log(command.fault ? `station ${who}: ${command.fault}` : `station ${who}: fault cleared`);
}

main();
