// Shared by the benchmarks that drive the real gateway — ingest (bench/ingest.ts, bench/ingest-server.ts)
// and alarm (bench/alarm.ts, bench/alarm-server.ts): the simulated stations and their packets, the
// databases, the server child and the messages the two processes exchange, and the printed report.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { FrameDecoder, type Hj212Message, makeFactor, makeFlag, serialisePacket } from '@envmon/hj212';
import type { App } from '@envmon/server/dist/app-types.js';
import { loadConfig } from '@envmon/server/dist/config/config.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import type { IngestBatch, IngestRepository } from '@envmon/server/dist/ingest/ingest.repository.js';
import { PostgresIngestRepository } from '@envmon/server/dist/ingest/postgres-ingest.repository.js';
import { SqliteIngestRepository } from '@envmon/server/dist/ingest/sqlite-ingest.repository.js';
import pg from 'pg';

/** Ten water factors of the catalogue with a plausible level each; packets vary around it. */
export const FACTORS: readonly { code: string; level: number; decimals: number }[] = [
  { code: 'w01001', level: 7.2, decimals: 2 }, // pH
  { code: 'w01009', level: 8.1, decimals: 2 }, // dissolved oxygen
  { code: 'w01010', level: 18.5, decimals: 1 }, // water temperature
  { code: 'w01014', level: 420, decimals: 1 }, // conductivity
  { code: 'w01003', level: 12, decimals: 1 }, // turbidity
  { code: 'w01018', level: 25, decimals: 1 }, // COD
  { code: 'w21003', level: 0.6, decimals: 3 }, // NH3-N
  { code: 'w21011', level: 0.12, decimals: 3 }, // TP
  { code: 'w21001', level: 1.4, decimals: 3 }, // TN
  { code: 'w01019', level: 3.5, decimals: 2 }, // CODMn
];

/** 2025-01-01 00:00 Beijing time: packet i of a station is minute i after it. */
export const BASE_DATA_TIME = Date.UTC(2024, 11, 31, 16, 0, 0);
const BEIJING_MS = 8 * 3_600_000;

export type StationGroup = 'load' | 'idle' | 'probe';
const GROUP_LETTER: Record<StationGroup, string> = { load: 'L', idle: 'I', probe: 'P' };

/** Station MNs: throughput, idle and probe stations never share one. */
export const stationCode = (group: StationGroup, index: number): string =>
  `BENCH${GROUP_LETTER[group]}${String(index).padStart(6, '0')}`;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** yyyyMMddHHmmss (with `withMs`, yyyyMMddHHmmssSSS) of a UTC instant in Beijing time. */
export function beijingStamp(utcMs: number, withMs = false): string {
  const d = new Date(utcMs + BEIJING_MS);
  const s =
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return withMs ? s + pad(d.getUTCMilliseconds(), 3) : s;
}

/** A 17-digit QN unique across the run: a fixed instant plus a global packet counter in ms. */
export const qnOf = (counter: number): string => beijingStamp(Date.UTC(2026, 0, 1) + counter, true);

/** The data time of packet `seq` of a station, UTC ms. */
export const dataTimeOf = (seq: number): number => BASE_DATA_TIME + seq * 60_000;

export interface Reading {
  code: string;
  avg: string;
  min: string;
  max: string;
}

/** The ten readings of packet `seq` of a station, as sent: a few percent of deterministic wobble, no constant
 * runs and no sudden jumps, so quality stays normal. */
export function readings(seq: number): Reading[] {
  return FACTORS.map((f, i) => {
    const avg = f.level * (1 + 0.03 * Math.sin(seq * 0.7 + i));
    return {
      code: f.code,
      avg: avg.toFixed(f.decimals),
      min: (avg * 0.98).toFixed(f.decimals),
      max: (avg * 1.02).toFixed(f.decimals),
    };
  });
}

/** A 2051 minute-data packet (Flag=5: acknowledge after storage) with the ten factors, framed and CRC'd. */
export function minutePacket(mn: string, seq: number, qn: string, values: readonly Reading[] = readings(seq)): string {
  const factors = values.map((r) => makeFactor(r.code, { Avg: r.avg, Min: r.min, Max: r.max, Flag: 'N' }));
  const message: Hj212Message = {
    qn,
    st: '21',
    cn: '2051',
    pw: '123456',
    mn,
    flag: makeFlag(5),
    dialect: 'hj212-2017',
    extra: {},
    dataTime: beijingStamp(dataTimeOf(seq)),
    cp: {},
    factors,
  };
  return serialisePacket(message);
}

/** Memory of the server process, after a full GC when the child runs with --expose-gc. */
export interface MemorySample {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  gc: boolean;
  connections: number;
}

/** Time the server spent inside IngestRepository.writeBatch, and its CPU and event-loop use. */
export interface ServerStats {
  batches: number;
  packets: number;
  writeMs: number;
  maxWriteMs: number;
  maxBatch: number;
  wallMs: number;
  cpuUserMs: number;
  cpuSystemMs: number;
  eventLoopUtilisation: number;
  /** The window in process.hrtime µs, the clock of the CPU profile's samples. */
  fromUs: number;
  toUs: number;
}

/** A process-independent clock, ms: process.hrtime is the system's monotonic clock, shared by parent and child. */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

export interface Timings {
  count: number;
  ms: number;
  maxMs: number;
}

/** What the alarm benchmark's server saw of its probe stations, on monotonicMs. */
export interface ProbeTrace {
  /** Per probe MN, in order: its values announced as stored ('data'), its alarm raised or cleared reaching the live hub. */
  events: Record<string, { at: number; what: 'data' | 'raised' | 'cleared' }[]>;
  /** The alarm engine's write transactions during the measured window. */
  alarmWrites: Timings;
  /** The live hub's alarm fan-outs (one frame to every console) during the measured window. */
  fanOuts: Timings;
}

export type ToServer =
  | { type: 'window-start' }
  | { type: 'window-end' }
  | { type: 'memory' }
  | { type: 'connections' }
  | { type: 'trace' }
  | { type: 'close' };

export type FromServer =
  /** httpPort and deviceIds (station MN → device id) when the child listens for HTTP and WebSocket. */
  | { type: 'ready'; port: number; httpPort?: number; deviceIds?: Record<string, number> }
  | { type: 'window'; stats: ServerStats }
  | { type: 'memory'; memory: MemorySample }
  | { type: 'connections'; count: number }
  | { type: 'trace'; trace: ProbeTrace }
  | { type: 'closed' }
  | { type: 'failed'; error: string };

/** What the parent tells the child through its environment. */
export interface ServerSetup {
  databaseUrl: string;
  dir: string;
  group: StationGroup;
  stations: number;
  maxConnections: number;
}

/** Whether a --database argument is SQLite or a PostgreSQL server URL; throws on anything else. */
export function isPostgres(database: string): boolean {
  if (!/^(sqlite(:.*)?|postgres(ql)?:\/\/.+)$/.test(database)) {
    throw new Error(`--database must be 'sqlite' or postgres://…, got '${database}'`);
  }
  return database.startsWith('postgres');
}

// ---------------------------------------------------------------------------------------------------
// Server child side.

export const ADMIN_PASSWORD = 'bench-Admin@123';

/** The app's settings in a benchmark: no demo data, quiet logs, no console build; a loopback gateway when asked. */
export function benchConfig(databaseUrl: string, dir: string, gateway?: { maxConnections: number }) {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    DEMO: '0',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
    LOG_DIR: join(dir, 'logs'),
    WEB_DIST: join(dir, 'no-console'),
    ...(gateway && {
      GATEWAY_PORT: '0',
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_MAX_CONNECTIONS: String(gateway.maxConnections),
      // Every simulated station connects from loopback, a few hundred at once before they prove themselves.
      GATEWAY_MAX_UNPROVEN_PER_ADDRESS: String(gateway.maxConnections),
    }),
  });
}

export interface WriteTimes {
  batches: number;
  packets: number;
  writeMs: number;
  maxWriteMs: number;
  maxBatch: number;
}

/** Times IngestRepository.writeBatch from around the repositories (the server code itself is untouched). Call once. */
export function timeWriteBatches(): WriteTimes {
  const writes: WriteTimes = { batches: 0, packets: 0, writeMs: 0, maxWriteMs: 0, maxBatch: 0 };
  for (const repository of [PostgresIngestRepository, SqliteIngestRepository]) {
    const writeBatch = Object.getOwnPropertyDescriptor(repository.prototype, 'writeBatch')?.value as (
      this: IngestRepository,
      batch: IngestBatch,
    ) => Promise<void>;
    repository.prototype.writeBatch = async function timedWriteBatch(this: IngestRepository, batch: IngestBatch) {
      const t0 = performance.now();
      try {
        await writeBatch.call(this, batch);
      } finally {
        writes.batches += 1;
        writes.packets += batch.originals.length;
        const ms = performance.now() - t0;
        writes.writeMs += ms;
        writes.maxWriteMs = Math.max(writes.maxWriteMs, ms);
        writes.maxBatch = Math.max(writes.maxBatch, batch.originals.length);
      }
    };
  }
  return writes;
}

/** Inserts the benchmark's stations as devices; returns each one's id by MN. */
export async function registerStations(
  config: ReturnType<typeof loadConfig>,
  groups: readonly { group: StationGroup; count: number }[],
): Promise<Record<string, number>> {
  const { db } = openDatabase(config.database);
  try {
    const now = Date.now();
    for (const { group, count } of groups) {
      const rows = Array.from({ length: count }, (_, i) => ({
        deviceName: `bench ${group} station ${i}`,
        deviceCode: stationCode(group, i),
        deviceType: '21',
        createTime: now,
        updateTime: now,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('devices')
          .values(rows.slice(i, i + 500))
          .execute();
    }
    const ids = await db
      .selectFrom('devices')
      .select(['id', 'deviceCode'])
      .where('deviceCode', 'like', 'BENCH%')
      .execute();
    return Object.fromEntries(ids.map((d) => [d.deviceCode, d.id]));
  } finally {
    await db.destroy();
  }
}

const hrtimeUs = () => Number(process.hrtime.bigint() / 1000n);
const tellParent = (message: FromServer) => process.send?.(message);

function memory(connections: number): MemorySample {
  const gc = typeof global.gc === 'function';
  // Twice: the first pass may only queue finalisers (socket handles) whose memory the second frees.
  global.gc?.();
  global.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, gc, connections };
}

/** Answers the parent's requests (measured windows, memory, connections, close), then says it is ready. */
export function answerParent(app: App, writes: WriteTimes, ready: Extract<FromServer, { type: 'ready' }>): void {
  const stations = app.stations;
  if (!stations) throw new Error('the app started without its gateway');
  let measuring: {
    t0: number;
    fromUs: number;
    cpu: NodeJS.CpuUsage;
    elu: ReturnType<typeof performance.eventLoopUtilization>;
  } | null = null;
  let writesAtStart = { ...writes };
  process.on('message', (message: ToServer) => {
    switch (message.type) {
      case 'window-start':
        writes.maxWriteMs = 0;
        writes.maxBatch = 0;
        writesAtStart = { ...writes };
        measuring = {
          t0: performance.now(),
          fromUs: hrtimeUs(),
          cpu: process.cpuUsage(),
          elu: performance.eventLoopUtilization(),
        };
        return;
      case 'window-end': {
        if (!measuring) return;
        const cpu = process.cpuUsage(measuring.cpu);
        const stats: ServerStats = {
          batches: writes.batches - writesAtStart.batches,
          packets: writes.packets - writesAtStart.packets,
          writeMs: writes.writeMs - writesAtStart.writeMs,
          maxWriteMs: writes.maxWriteMs,
          maxBatch: writes.maxBatch,
          wallMs: performance.now() - measuring.t0,
          cpuUserMs: cpu.user / 1000,
          cpuSystemMs: cpu.system / 1000,
          eventLoopUtilisation: performance.eventLoopUtilization(measuring.elu).utilization,
          fromUs: measuring.fromUs,
          toUs: hrtimeUs(),
        };
        tellParent({ type: 'window', stats });
        return;
      }
      case 'memory':
        tellParent({ type: 'memory', memory: memory(stations.gateway.connections) });
        return;
      case 'connections':
        tellParent({ type: 'connections', count: stations.gateway.connections });
        return;
      case 'trace':
        // The alarm benchmark's server answers this itself: it holds the trace.
        return;
      case 'close':
        void app
          .close()
          .then(
            () => tellParent({ type: 'closed' }),
            (err: unknown) => tellParent({ type: 'failed', error: String(err) }),
          )
          .finally(() => process.disconnect());
        return;
    }
  });
  tellParent(ready);
}

/** Runs a server child's main with the setup its parent passed; failures are reported to the parent. */
export function runServerChild<S>(script: string, main: (setup: S) => Promise<void>): void {
  const setup = JSON.parse(process.env.ENVMON_BENCH_SETUP ?? 'null') as S | null;
  if (!setup || !process.send) throw new Error(`${script} is started by its benchmark, not by hand`);
  main(setup).catch((err: unknown) => {
    tellParent({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.exitCode = 1;
    process.disconnect();
  });
}

// ---------------------------------------------------------------------------------------------------
// Parent side: databases, the server child, stations.

export interface Databases<R extends string> {
  label: string;
  urls: Record<R, string>;
  drop(): Promise<void>;
}

/** Fresh SQLite files in `dir`, or fresh databases on the PostgreSQL server (dropped by `drop`), one per role. */
export async function prepareDatabases<R extends string>(
  database: string,
  dir: string,
  roles: readonly R[],
): Promise<Databases<R>> {
  const urls = {} as Record<R, string>;
  if (!isPostgres(database)) {
    for (const role of roles) urls[role] = `sqlite:${join(dir, `${role}.db`)}`;
    return { label: `SQLite (fresh files in ${dir})`, urls, drop: () => Promise.resolve() };
  }
  const prefix = `envmon_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: database });
  await admin.connect();
  const created: string[] = [];
  const drop = async () => {
    for (const name of created) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  try {
    for (const role of roles) {
      const name = `${prefix}_${role}`;
      await admin.query(`create database "${name}"`);
      created.push(name);
      const url = new URL(database);
      url.pathname = `/${name}`;
      urls[role] = url.toString();
    }
    const version =
      (await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?';
    const safe = new URL(database);
    safe.password = '';
    return { label: `PostgreSQL ${version} (fresh databases ${prefix}_* on ${safe.host})`, urls, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

type Reply<T extends FromServer['type']> = Extract<FromServer, { type: T }>;

/** The server half of a benchmark in its own process, so that the load generator is not on its event loop. */
export class ServerChild {
  private readonly waiting = new Map<string, { resolve: (m: FromServer) => void; reject: (e: Error) => void }>();
  private readonly exited: Promise<void>;
  ready!: Reply<'ready'>;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (m: FromServer) => {
      if (m.type === 'failed') return this.failAll(new Error(`server child failed: ${m.error}`));
      const w = this.waiting.get(m.type);
      this.waiting.delete(m.type);
      w?.resolve(m);
    });
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.failAll(new Error(`server child exited (${signal ?? code ?? '?'})`));
        resolve();
      }),
    );
  }

  /** The gateway's port. */
  get port(): number {
    return this.ready.port;
  }

  /** Forks `script` with --expose-gc (memory is sampled after a full GC) and, when asked, --cpu-prof. */
  static async start(script: URL, setup: object, cpuProfDir?: string): Promise<ServerChild> {
    const execArgv = ['--expose-gc', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])];
    const child = fork(script, [], {
      execArgv,
      env: { ...process.env, ENVMON_BENCH_SETUP: JSON.stringify(setup) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server = new ServerChild(child);
    server.ready = await server.ask(null, 'ready');
    return server;
  }

  ask<T extends FromServer['type']>(message: ToServer | null, reply: T): Promise<Reply<T>> {
    const answer = new Promise<Reply<T>>((resolve, reject) =>
      this.waiting.set(reply, { resolve: (m) => resolve(m as Reply<T>), reject }),
    );
    if (message) this.child.send(message);
    return answer;
  }

  tell(message: ToServer): void {
    this.child.send(message);
  }

  /**
   * Closes the app (the last batch is written) and waits for the process to end. Waits first until the
   * gateway has seen the benchmark's connections close: a close racing those lets the online tracker
   * write after the database is gone (it logs 'driver has already been destroyed').
   */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const deadline = Date.now() + 10_000;
    while ((await this.ask({ type: 'connections' }, 'connections')).count > 0 && Date.now() < deadline) {
      await sleep(50);
    }
    await this.ask({ type: 'close' }, 'closed');
    const timer = setTimeout(() => this.child.kill(), 15_000);
    await this.exited;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }

  private failAll(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}

export function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, noDelay: true });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

const CONNECT_CHUNK = 250;

/** Opens connections a chunk at a time (a burst of thousands overflows the listen backlog). */
export async function openMany<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += CONNECT_CHUNK) {
    const chunk = Array.from({ length: Math.min(CONNECT_CHUNK, count - i) }, (_, j) => make(i + j));
    out.push(...(await Promise.all(chunk)));
  }
  return out;
}

export type Phase = 'warmup' | 'measure' | 'drain';

/** What a set of stations sent and got acknowledged. */
export class Load {
  phase: Phase = 'warmup';
  counter = 0;
  sent = 0;
  acked = 0;
  readonly latencies: number[] = [];
  readonly errors: string[] = [];
  errorCount = 0;
  private onDrained: (() => void) | null = null;

  /**
   * @param counter shared QN counter, so that QNs stay unique across Loads.
   * @param closedLoop each ack sends the next packet; otherwise the caller paces the sends.
   */
  constructor(
    readonly qn: { n: number } = { n: 0 },
    readonly closedLoop = true,
  ) {}

  error(text: string): void {
    this.errorCount += 1;
    if (this.errors.length < 5) this.errors.push(text);
  }

  acknowledged(latencyMs: number): void {
    this.acked += 1;
    if (this.phase === 'measure') this.latencies.push(latencyMs);
    if (this.phase === 'drain' && this.acked === this.sent) this.onDrained?.();
  }

  drained(timeoutMs: number): Promise<boolean> {
    if (this.acked === this.sent) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.onDrained = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }
}

/** A simulated station: sends minute packets and checks that each is acknowledged by a 9014 with its QN. */
export class LoadStation {
  private readonly inflight = new Map<string, number>();
  private readonly decoder = new FrameDecoder();
  private seq = 0;

  constructor(
    readonly socket: Socket,
    readonly mn: string,
    private readonly load: Load,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (err) => load.error(`${mn}: socket ${err.message}`));
  }

  /** Packets sent and not yet acknowledged. */
  get pending(): number {
    return this.inflight.size;
  }

  /**
   * Sends `count` packets, with the usual readings or the given ones. Returns monotonicMs just before the
   * packets reach the socket (taken after, it would be late whenever the write's wake-up of the server
   * preempts this process).
   */
  send(count: number, values?: (seq: number) => readonly Reading[]): number {
    this.socket.cork();
    for (let i = 0; i < count; i += 1) {
      const qn = qnOf(this.load.qn.n++);
      this.inflight.set(qn, performance.now());
      const seq = this.seq++;
      this.socket.write(minutePacket(this.mn, seq, qn, values?.(seq)));
      this.load.sent += 1;
    }
    const at = monotonicMs();
    this.socket.uncork();
    return at;
  }

  private receive(chunk: Buffer): void {
    let next = 0;
    for (const item of this.decoder.push(chunk)) {
      if (item.kind === 'error') {
        this.load.error(`${this.mn}: bad frame ${item.error.code}`);
        continue;
      }
      if (!item.result.ok) {
        this.load.error(`${this.mn}: unparsable reply ${item.result.error.code}`);
        continue;
      }
      const m = item.result.message;
      const sentAt = m.qn === undefined ? undefined : this.inflight.get(m.qn);
      if (m.cn !== '9014' || m.mn !== this.mn || m.qn === undefined || sentAt === undefined) {
        this.load.error(`${this.mn}: unexpected reply CN=${m.cn} MN=${m.mn ?? '-'} QN=${m.qn ?? '-'}`);
        continue;
      }
      this.inflight.delete(m.qn);
      this.load.acknowledged(performance.now() - sentAt);
      next += 1;
    }
    if (next > 0 && this.load.closedLoop && this.load.phase !== 'drain') this.send(next);
  }
}

// ---------------------------------------------------------------------------------------------------
// Report.

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const kib = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
export const mib = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export function row(label: string, value: string, target = '', result = ''): void {
  console.log(`  ${label.padEnd(34)}${value.padStart(16)}   ${target.padEnd(28)}${result}`);
}
