// The parent's side of the gateway benchmarks: fresh databases, the server child, the simulated stations'
// connections and load, and the printed report.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { FrameDecoder } from '@envmon/hj212';
import { parseDatabaseUrl } from '@envmon/server/dist/config/config.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import pg from 'pg';
import {
  type FromServer,
  isPostgres,
  minutePacket,
  monotonicMs,
  qnOf,
  type Reading,
  type ToServer,
} from './ingest-common.js';

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

/** Rows the benchmark's packets left in a database: original packets, measurements, latest values. */
export async function countRows(url: string): Promise<{ originals: number; measurements: number; latest: number }> {
  const { db } = openDatabase(parseDatabaseUrl(url));
  try {
    const count = async (table: 'originalPackets' | 'measurements' | 'latestValues') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      originals: await count('originalPackets'),
      measurements: await count('measurements'),
      latest: await count('latestValues'),
    };
  } finally {
    await db.destroy();
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

/** The pacer's tick; it catches up at most this many ticks of backlog, so a stall is not followed by a burst. */
const TICK_MS = 10;
const MAX_BACKLOG_TICKS = 10;

/** Background load: stations paced to `rate` packets/s in total, each with at most `window` unacknowledged. */
export class Pacer {
  private timer: NodeJS.Timeout | null = null;
  private cursor = 0;
  /** Packets that were due but found every station's window full. */
  shortfall = 0;

  constructor(
    private readonly stations: readonly LoadStation[],
    private readonly load: Load,
    private readonly rate: number,
    private readonly window: number,
  ) {}

  start(): void {
    const t0 = performance.now();
    let scheduled = 0;
    this.timer = setInterval(() => {
      const due = Math.floor(((performance.now() - t0) * this.rate) / 1000) - scheduled;
      const max = Math.ceil((this.rate * TICK_MS * MAX_BACKLOG_TICKS) / 1000);
      const count = Math.min(due, max);
      scheduled += due;
      let sent = 0;
      // Round robin over the stations with room in their window, until a full turn finds none.
      for (let full = 0; sent < count && full < this.stations.length;) {
        const station = this.stations[this.cursor];
        this.cursor = (this.cursor + 1) % this.stations.length;
        if (!station || station.pending >= this.window) {
          full += 1;
          continue;
        }
        station.send(1);
        sent += 1;
        full = 0;
      }
      if (this.load.phase === 'measure') this.shortfall += due - sent;
    }, TICK_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
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
