import { connect, type Socket } from 'node:net';
import { FrameDecoder, type Hj212Message, makeFactor, makeFlag, serialisePacket } from '@envmon/hj212';
import { openDatabase } from '../db/connection.js';
import type { Insertable } from 'kysely';
import { afterEach } from 'vitest';
import type { DevicesTable } from '../db/schema.js';
import type { TestApp } from './harness.js';

/**
 * A raw HJ 212 peer for gateway tests: writes bytes exactly as given and collects every packet
 * the gateway sends back.
 */
export class StationClient {
  readonly received: Hj212Message[] = [];
  private readonly decoder = new FrameDecoder();
  private waiters: (() => void)[] = [];
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const item of this.decoder.push(chunk)) {
        if (item.kind === 'packet' && item.result.ok) this.received.push(item.result.message);
      }
      this.notify();
    });
    socket.on('close', () => {
      this.closed = true;
      this.notify();
    });
    socket.on('error', () => undefined);
  }

  static async connect(port: number): Promise<StationClient> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new StationClient(socket);
  }

  async write(data: string | Uint8Array): Promise<void> {
    await new Promise<void>((resolve, reject) => this.socket.write(data, (err) => (err ? reject(err) : resolve())));
  }

  /** Writes one byte at a time, each its own TCP write. */
  async writeBytewise(data: string): Promise<void> {
    for (const byte of Buffer.from(data, 'utf8')) {
      await this.write(Uint8Array.of(byte));
      await new Promise((r) => setImmediate(r));
    }
  }

  /** Resolves with the first received packet that matches, waiting up to `timeoutMs`. */
  async waitFor(predicate: (m: Hj212Message) => boolean, timeoutMs = 5000): Promise<Hj212Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('the gateway sent no matching packet in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('the gateway did not close the connection');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const done = new Promise((r) => this.socket.once('close', r));
    this.socket.end();
    await done;
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}

export interface PacketSpec {
  mn: string;
  cn?: string;
  st?: string;
  pw?: string;
  qn?: string;
  flag?: number;
  dataTime?: string;
  pnum?: number;
  pno?: number;
  cp?: Record<string, string>;
  /** code → fields, e.g. { w01018: { Avg: '12.3', Flag: 'N' } } */
  factors?: Record<string, Record<string, string>>;
}

/** A complete packet (CRLF included) with the given fields; defaults to a 2017 minute upload asking for an ack. */
export function packet(spec: PacketSpec): string {
  return serialisePacket({
    qn: spec.qn,
    st: spec.st ?? '21',
    cn: spec.cn ?? '2051',
    pw: spec.pw ?? '123456',
    mn: spec.mn,
    flag: makeFlag(spec.flag ?? 5),
    pnum: spec.pnum,
    pno: spec.pno,
    dialect: 'hj212-2017',
    extra: {},
    dataTime: spec.dataTime,
    cp: spec.cp ?? {},
    factors: Object.entries(spec.factors ?? {}).map(([code, values]) => makeFactor(code, values)),
  });
}

/** Registers a station directly in the database (the device screens are another issue's). */
export async function registerStation(
  t: TestApp,
  station: Partial<Insertable<DevicesTable>> & { deviceCode: string },
): Promise<number> {
  const { db } = openDatabase(t.config.database);
  try {
    const now = Date.now();
    const row = await db
      .insertInto('devices')
      .values({
        deviceName: station.deviceCode,
        deviceType: '21',
        createTime: now,
        updateTime: now,
        ...station,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await db.destroy();
  }
}

/**
 * Connections of a test file to the test app's gateway: `station()` opens one; each test's are closed after it.
 * Call at the top of a describe block (or file), like useTestApp.
 */
export function useStationClients(t: () => TestApp): () => Promise<StationClient> {
  const clients: StationClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  return async () => {
    const port = t().app.stations?.port;
    if (port === undefined) throw new Error('gateway not running');
    const client = await StationClient.connect(port);
    clients.push(client);
    return client;
  };
}
