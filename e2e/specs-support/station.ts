import { connect, type Socket } from 'node:net';
import { FrameDecoder, formatHj212Time, makeFactor, makeFlag, serialisePacket } from '@envmon/hj212';
import { gatewayPort } from '../support/env.js';

/**
 * A station on the e2e server's HJ 212 gateway: real-time uploads (2011) asking for an answer,
 * each awaited until the gateway acknowledges it (9014, sent once the data is committed).
 */
export class Station {
  private readonly decoder = new FrameDecoder();
  private readonly waiting = new Map<string, () => void>();
  private lastQn = 0;

  private constructor(
    private readonly socket: Socket,
    readonly mn: string,
  ) {
    socket.on('data', (chunk: Buffer) => {
      for (const item of this.decoder.push(chunk)) {
        if (item.kind !== 'packet' || !item.result.ok) continue;
        const { cn, qn } = item.result.message;
        if (cn === '9014' && qn !== undefined) this.waiting.get(qn)?.();
      }
    });
  }

  static connect(mn: string): Promise<Station> {
    return new Promise((resolve, reject) => {
      const socket = connect(gatewayPort(), '127.0.0.1');
      socket.once('error', reject);
      socket.once('connect', () => resolve(new Station(socket, mn)));
    });
  }

  /** Sends real-time values (factor code → value) and waits for the gateway's acknowledgement. */
  async sendRealtime(values: Record<string, number>, timeoutMs = 10_000): Promise<void> {
    const now = Math.max(Date.now(), this.lastQn + 1);
    this.lastQn = now;
    const qn = formatHj212Time(now, 480, true);
    const packet = serialisePacket({
      qn,
      st: '21',
      cn: '2011',
      pw: '123456',
      mn: this.mn,
      flag: makeFlag(5),
      dialect: 'hj212-2017',
      extra: {},
      dataTime: formatHj212Time(now, 480),
      cp: {},
      factors: Object.entries(values).map(([code, value]) => makeFactor(code, { Rtd: String(value), Flag: 'N' })),
    });
    const acknowledged = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no 9014 for QN ${qn} within ${timeoutMs} ms`)), timeoutMs);
      this.waiting.set(qn, () => {
        clearTimeout(timer);
        this.waiting.delete(qn);
        resolve();
      });
    });
    this.socket.write(packet);
    await acknowledged;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.end(resolve));
  }
}
