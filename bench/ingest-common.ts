// Shared by the benchmarks that drive the real gateway — ingest (bench/ingest.ts, bench/ingest-server.ts)
// and alarm (bench/alarm.ts, bench/alarm-server.ts): the simulated stations' packets and the messages the two
// processes exchange. The server child's helpers are in bench-server-side.ts, the parent's (databases, the
// server child, stations, the printed report) in bench-parent-side.ts.
import type { StorageLayout } from './ingest-layouts.js';
import { formatCrc, type Hj212Message, hj212Crc, makeFactor, makeFlag, serialisePacket } from '@envmon/hj212';

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
export function minutePacket(mn: string, seq: number, qn: string, values?: readonly Reading[]): string {
  return values === undefined ? usualPacket(mn, seq, qn) : builtPacket(mn, seq, qn, values);
}

/** The codec's way: a message serialised and framed. */
function builtPacket(mn: string, seq: number, qn: string, values: readonly Reading[]): string {
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

/**
 * The CP items after DataTime of a packet with the usual readings, by seq: every station sends seq 0, 1, 2…, so
 * each is built once for all of them. Bounded: a long run starts over rather than growing.
 */
const usualItems = new Map<number, string>();
const USUAL_ITEMS_KEPT = 10_000;

/**
 * builtPacket with the usual readings, byte for byte (checked below), at a fraction of its cost: the simulated
 * stations share the machine's cores with the server they measure, and building each packet through the codec (a
 * message, its validation, the serialiser) was about half of the load generator's time — CPU the server lost.
 */
function usualPacket(mn: string, seq: number, qn: string): string {
  let items = usualItems.get(seq);
  if (items === undefined) {
    if (usualItems.size >= USUAL_ITEMS_KEPT) usualItems.clear();
    const parts = readings(seq).map(
      (r) => `${r.code}-Avg=${r.avg},${r.code}-Min=${r.min},${r.code}-Max=${r.max},${r.code}-Flag=N`,
    );
    items = `DataTime=${beijingStamp(dataTimeOf(seq))};${parts.join(';')}`;
    usualItems.set(seq, items);
  }
  const segment = `QN=${qn};ST=21;CN=2051;PW=123456;MN=${mn};Flag=5;CP=&&${items}&&`;
  // ASCII only: the length in characters is the length in bytes.
  const crc = hj212Crc(Buffer.from(segment, 'latin1'));
  return `##${String(segment.length).padStart(4, '0')}${segment}${formatCrc(crc)}\r\n`;
}

for (const seq of [0, 1, 59, 1439]) {
  const [mn, qn] = [stationCode('load', seq), qnOf(seq)];
  if (usualPacket(mn, seq, qn) !== builtPacket(mn, seq, qn, readings(seq))) {
    throw new Error(`the bench's packet template differs from the codec's packet for seq ${seq}`);
  }
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
  /** The forward benchmark's (bench/forward-server.ts, bench/forward-upstream.ts). */
  | { type: 'configure'; host: string; port: number }
  | { type: 'enable' }
  | { type: 'count' }
  | { type: 'close' };

export type FromServer =
  /** httpPort and deviceIds (station MN → device id) when the child listens for HTTP and WebSocket. */
  | { type: 'ready'; port: number; httpPort?: number; deviceIds?: Record<string, number> }
  | { type: 'window'; stats: ServerStats }
  | { type: 'memory'; memory: MemorySample }
  | { type: 'connections'; count: number }
  | { type: 'trace'; trace: ProbeTrace }
  | { type: 'configured'; upstreamDevices: number }
  | { type: 'enabled' }
  /** What a minimal upstream received: packets, and distinct uploads (MN and data time) among them. */
  | { type: 'count'; received: number; distinct: number }
  | { type: 'closed' }
  | { type: 'failed'; error: string };

/** What the parent tells the child through its environment. */
export interface ServerSetup {
  databaseUrl: string;
  dir: string;
  group: StationGroup;
  stations: number;
  maxConnections: number;
  /** bench:ingest's throughput runs: the storage layout to measure (bench/ingest-layouts.ts); default current. */
  layout?: StorageLayout;
}

/** Whether a --database argument is SQLite or a PostgreSQL server URL; throws on anything else. */
export function isPostgres(database: string): boolean {
  if (!/^(sqlite(:.*)?|postgres(ql)?:\/\/.+)$/.test(database)) {
    throw new Error(`--database must be 'sqlite' or postgres://…, got '${database}'`);
  }
  return database.startsWith('postgres');
}
