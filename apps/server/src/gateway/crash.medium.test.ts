import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../config/config.js';
import { openDatabase } from '../db/connection.js';
import { simulatedStationSpecs } from '../simulator/fleet.js';
import { SimulatedStation } from '../simulator/simulated-station.js';
import { ADMIN_PASSWORD, createPostgresDatabase } from '../test/harness.js';

/**
 * The acceptance crash test: the built server (gateway service) is killed with SIGKILL while
 * stations send; every packet acknowledged before the kill must be in the database, and after a
 * restart the stations' resends complete the rest without duplicates.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/dist/main.js');
const STATIONS = 4;
const UPLOADS_PER_STATION = 250;
const KILL_AFTER_ACKS = 150;
const IN_FLIGHT_PER_STATION = 8;
const FIRST_MINUTE = Date.UTC(2026, 5, 1);

let dir: string;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ChildProcess | undefined;
let serverOutput = '';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN, '--services=gateway'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      ADMIN_PASSWORD,
      GATEWAY_PORT: String(port),
      GATEWAY_HOST: '127.0.0.1',
      LOG_DIR: join(dir, 'logs'),
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dir, 'web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => (serverOutput = (serverOutput + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${serverOutput}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return child;
    if (Date.now() > deadline) throw new Error(`server did not listen in time:\n${serverOutput}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function withDatabase<T>(fn: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const { db } = openDatabase(parseDatabaseUrl(databaseUrl));
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  // The test runs the built server: bring dist up to date with the sources (quick when it is).
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server'], { cwd: ROOT });
  dir = mkdtempSync(join(tmpdir(), 'envmon-crash-'));
  if (process.env.TEST_DATABASE_URL) {
    const pg = await createPostgresDatabase();
    databaseUrl = pg.url;
    dropDatabase = pg.drop;
  } else {
    databaseUrl = `sqlite:${join(dir, 'envmon.db')}`;
  }
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('keeps every acknowledged packet through a SIGKILL, and the resends fill the rest without duplicates', async () => {
    const port = await freePort();
    server = await startServer(port);
    const specs = simulatedStationSpecs(STATIONS, 'CRASH');
    const deviceIds = await withDatabase(async (db) => {
      const now = Date.now();
      const rows = await db
        .insertInto('devices')
        .values(
          specs.map((s) => ({
            deviceName: s.mn,
            deviceCode: s.mn,
            deviceType: s.st,
            password: s.pw,
            createTime: now,
            updateTime: now,
          })),
        )
        .returning(['id', 'deviceCode'])
        .execute();
      return new Map(rows.map((r) => [r.deviceCode, r.id]));
    });

    const stations = specs.map(
      (spec) =>
        new SimulatedStation({
          mn: spec.mn,
          pw: spec.pw,
          kind: spec.kind,
          seed: spec.seed,
          host: '127.0.0.1',
          port,
          rtdIntervalMs: 3_600_000,
          minuteIntervalMs: 60_000,
          ackTimeoutMs: 500,
          maxResends: 100,
          reconnectMinMs: 100,
          reconnectMaxMs: 300,
        }),
    );
    // Killed from the acknowledgement that reaches KILL_AFTER_ACKS, with at most IN_FLIGHT_PER_STATION uploads
    // of each station unanswered: most uploads are still to come, whatever the machine's speed.
    const running = server;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    let killed = false;
    let acked = 0;
    const ackedBeforeKill = new Map<string, number[]>();
    const upload = (station: SimulatedStation, i: number) => {
      const dataTime = FIRST_MINUTE + i * 60_000;
      return station.sendNow('2051', dataTime).then((ok) => {
        if (ok && !killed) {
          acked += 1;
          ackedBeforeKill.set(station.mn, [...(ackedBeforeKill.get(station.mn) ?? []), dataTime]);
          if (acked === KILL_AFTER_ACKS) {
            running.kill('SIGKILL');
            killed = true;
          }
        }
        return ok;
      });
    };
    const sends = stations.map(async (station) => {
      station.start();
      const results: boolean[] = [];
      for (let first = 0; first < UPLOADS_PER_STATION; first += IN_FLIGHT_PER_STATION) {
        const count = Math.min(IN_FLIGHT_PER_STATION, UPLOADS_PER_STATION - first);
        results.push(...(await Promise.all(Array.from({ length: count }, (_, k) => upload(station, first + k)))));
      }
      return results;
    });

    await exited;
    const total = UPLOADS_PER_STATION * STATIONS;
    const ackedCount = [...ackedBeforeKill.values()].reduce((n, times) => n + times.length, 0);
    expect(ackedCount, 'the kill came while uploads were still unacknowledged').toBeLessThan(total);

    // With the server dead: every acknowledged upload is stored, with all of its values.
    await withDatabase(async (db) => {
      for (const spec of specs) {
        const times = ackedBeforeKill.get(spec.mn) ?? [];
        if (times.length === 0) continue;
        const rows = await db
          .selectFrom('measurements')
          .select(['dataTime', (eb) => eb.fn.countAll<number>().as('n')])
          .where('deviceId', '=', deviceIds.get(spec.mn) ?? 0)
          .where('kind', '=', 'min')
          .where('dataTime', 'in', times)
          .groupBy('dataTime')
          .execute();
        expect(rows).toHaveLength(times.length);
        expect(rows.every((r) => r.n === spec.factors.length)).toBe(true);
      }
    });

    server = await startServer(port);
    const results = (await Promise.all(sends)).flat();
    expect(results.every(Boolean)).toBe(true);
    await Promise.all(stations.map((s) => s.stop()));

    await withDatabase(async (db) => {
      for (const spec of specs) {
        const rows = await db
          .selectFrom('measurements')
          .select(['dataTime', (eb) => eb.fn.countAll<number>().as('n')])
          .where('deviceId', '=', deviceIds.get(spec.mn) ?? 0)
          .where('kind', '=', 'min')
          // The test's uploads only: a station also sends its own at each wall-clock minute.
          .where('dataTime', '>=', FIRST_MINUTE)
          .where('dataTime', '<', FIRST_MINUTE + UPLOADS_PER_STATION * 60_000)
          .groupBy('dataTime')
          .execute();
        expect(rows).toHaveLength(UPLOADS_PER_STATION);
        expect(rows.every((r) => r.n === spec.factors.length)).toBe(true);
      }
      const originals = await db
        .selectFrom('originalPackets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('accepted', '=', 1)
        .where('cn', '=', '2051')
        .where('dataTime', '>=', FIRST_MINUTE)
        .where('dataTime', '<', FIRST_MINUTE + UPLOADS_PER_STATION * 60_000)
        .executeTakeFirstOrThrow();
      // Resends of packets in flight at the kill are kept as received, so there may be more originals than uploads.
      expect(originals.n).toBeGreaterThanOrEqual(total);
    });
  });
});
