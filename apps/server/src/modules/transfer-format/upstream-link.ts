import { connect, type Socket } from 'node:net';
import { FrameDecoder, type Hj212Message } from '@envmon/hj212';

/**
 * One TCP connection to an upstream platform for one MN, as a real station holds it (issue 20): a packet that asks
 * for an answer waits for the 9014 with its QN for the time-out and is sent again up to the resend count (HJ212.md
 * §11, CN 1000's OverTime and ReCount). `sendAll` keeps a window of such packets in flight, each matched to its
 * 9014 by QN, so a backlog is not paced by one round trip per packet. What the upstream sends that answers none of
 * ours (9013 notices, 1012 time, backfill requests) goes to `onRequest`.
 */

/**
 * Packets waiting for their 9014 at once on one link. An envmon upstream acknowledges after its ingest batch is
 * committed (a few ms to tens of ms), so one at a time caps a link near a hundred packets/s; 128 in flight cover
 * that latency at several thousand packets/s, and a failure leaves at most 128 to resend.
 */
export const SEND_WINDOW = 128;

/** A packet to send and the QN its answer carries. */
export interface Outgoing {
  qn: string;
  packet: string;
}

export interface UpstreamAddress {
  host: string;
  port: number;
}

export interface LinkPolicy {
  /** How long to wait for the 9014 (OverTime). */
  overTimeMs: number;
  /** Sends after the first when none comes (ReCount). */
  reCount: number;
  connectTimeoutMs: number;
}

export type DeliveryOutcome =
  /** The upstream answered 9014. */
  | { kind: 'acknowledged'; attempts: number }
  /** Written; no answer was asked for. */
  | { kind: 'sent'; attempts: number }
  /** The upstream answered 9011 with a QnRtn other than 1 (3: PW error, 4: MN error …; HJ212.md §10). */
  | { kind: 'refused'; attempts: number; qnRtn: number }
  /** No answer after every resend. */
  | { kind: 'timeout'; attempts: number }
  /** The connection closed or failed meanwhile. */
  | { kind: 'closed'; attempts: number; error: string };

type Answer = { cn: '9014' } | { cn: '9011'; qnRtn: number } | { cn: 'closed'; error: string };

export class UpstreamLink {
  private socket: Socket | null = null;
  private readonly decoder = new FrameDecoder();
  /** The packets waiting for their answers, by QN. */
  private readonly waiting = new Map<string, (answer: Answer) => void>();
  private lastError = 'not connected';
  /** Writes of this turn are held and go out together (`write`). */
  private corked: Socket | null = null;

  constructor(
    private readonly address: UpstreamAddress,
    private readonly policy: LinkPolicy,
    private readonly onRequest: (message: Hj212Message) => void = () => undefined,
  ) {}

  get connected(): boolean {
    return this.socket !== null;
  }

  /** Connects (a no-op when connected); rejects with the reason when the upstream cannot be reached in time. */
  open(): Promise<void> {
    if (this.socket) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const socket = connect({ host: this.address.host, port: this.address.port });
      socket.setNoDelay(true);
      const timer = setTimeout(() => socket.destroy(new Error('connect timed out')), this.policy.connectTimeoutMs);
      const failed = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      socket.once('error', failed);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.off('error', failed);
        this.socket = socket;
        this.decoder.reset();
        socket.on('data', (chunk: Buffer) => this.received(chunk));
        socket.on('error', (err) => {
          this.lastError = err.message;
        });
        socket.on('close', () => this.closed(socket));
        resolve();
      });
    });
  }

  /**
   * Sends one packet; with `wantsAnswer`, waits for its 9014 and resends on time-out as the policy says.
   * A refusal (9011 with an error) is not resent: the same packet would be refused again. Once `halted` says so,
   * a timed-out packet is not sent again (another packet of the window failed).
   */
  async deliver(
    packet: string,
    qn: string,
    wantsAnswer: boolean,
    halted: () => boolean = () => false,
  ): Promise<DeliveryOutcome> {
    const tries = wantsAnswer ? 1 + this.policy.reCount : 1;
    for (let attempt = 1; attempt <= tries; attempt++) {
      if (attempt > 1 && halted()) return { kind: 'timeout', attempts: attempt - 1 };
      const socket = this.socket;
      if (!socket) return { kind: 'closed', attempts: attempt - 1, error: this.lastError };
      const answer = wantsAnswer ? this.answerTo(qn) : null;
      try {
        await this.write(socket, packet);
      } catch (err) {
        this.waiting.delete(qn);
        return { kind: 'closed', attempts: attempt, error: (err as Error).message };
      }
      if (!answer) return { kind: 'sent', attempts: attempt };
      const got = await answer;
      if (got === null) continue;
      switch (got.cn) {
        case '9014':
          return { kind: 'acknowledged', attempts: attempt };
        case '9011':
          return { kind: 'refused', attempts: attempt, qnRtn: got.qnRtn };
        case 'closed':
          return { kind: 'closed', attempts: attempt, error: got.error };
      }
    }
    return { kind: 'timeout', attempts: tries };
  }

  /**
   * Sends packets in order, up to `window` of them waiting for their answers at once (each resent on its own
   * time-out); every outcome goes to `settled` as it comes, in the order the answers come. After the first failure
   * (refusal, time-out after the resends, connection lost) nothing new is sent and nothing resent; resolves once
   * every packet sent has settled, with that first failure, or null when all were delivered.
   */
  async sendAll<T extends Outgoing>(
    batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
    wantsAnswer: boolean,
    settled: (item: T, outcome: DeliveryOutcome) => void,
    window = SEND_WINDOW,
  ): Promise<Exclude<DeliveryOutcome, { kind: 'acknowledged' | 'sent' }> | null> {
    let failure: Exclude<DeliveryOutcome, { kind: 'acknowledged' | 'sent' }> | null = null;
    let inFlight = 0;
    let wake: (() => void) | null = null;
    const halted = () => failure !== null;
    const slot = () =>
      new Promise<void>((resolve) => {
        wake = resolve;
      });
    const start = (item: T) => {
      inFlight++;
      void this.deliver(item.packet, item.qn, wantsAnswer, halted).then((outcome) => {
        inFlight--;
        if (outcome.kind !== 'acknowledged' && outcome.kind !== 'sent') failure ??= outcome;
        settled(item, outcome);
        const w = wake;
        wake = null;
        w?.();
      });
    };
    outer: for await (const batch of batches) {
      for (const item of batch) {
        while (inFlight >= window && failure === null) await slot();
        if (failure !== null) break outer;
        start(item);
      }
    }
    while (inFlight > 0) await slot();
    return failure;
  }

  /** Writes a packet that waits for nothing (an answer to the upstream's request). */
  async send(packet: string): Promise<void> {
    if (!this.socket) throw new Error(this.lastError);
    await write(this.socket, packet);
  }

  close(): void {
    this.socket?.destroy();
  }

  /**
   * Writes a packet of the window: the packets written in one turn (a window refilled after a chunk of 9014s) are
   * corked and leave in one write call, not one system call each.
   */
  private write(socket: Socket, packet: string): Promise<void> {
    if (this.corked !== socket) {
      this.corked = socket;
      socket.cork();
      process.nextTick(() => {
        this.corked = null;
        socket.uncork();
      });
    }
    return write(socket, packet);
  }

  /** The answer to `qn`, or null after the time-out. */
  private answerTo(qn: string): Promise<Answer | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(qn);
        resolve(null);
      }, this.policy.overTimeMs);
      this.waiting.set(qn, (answer) => {
        clearTimeout(timer);
        this.waiting.delete(qn);
        resolve(answer);
      });
    });
  }

  private received(chunk: Buffer): void {
    for (const item of this.decoder.push(chunk)) {
      if (item.kind !== 'packet' || !item.result.ok) continue;
      const message = item.result.message;
      const waiter = message.qn === undefined ? undefined : this.waiting.get(message.qn);
      if (waiter && message.cn === '9014') waiter({ cn: '9014' });
      else if (waiter && message.cn === '9011' && message.cp.QnRtn !== undefined && message.cp.QnRtn !== '1') {
        waiter({ cn: '9011', qnRtn: Number(message.cp.QnRtn) });
      } else if (message.cn !== '9014' && message.cn !== '9011') this.onRequest(message);
    }
  }

  private closed(socket: Socket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    const error = this.lastError === 'not connected' ? 'connection closed' : this.lastError;
    this.lastError = 'connection closed';
    for (const waiter of [...this.waiting.values()]) waiter({ cn: 'closed', error });
  }
}

function write(socket: Socket, packet: string): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.write(packet, (err) => (err ? reject(err) : resolve()));
  });
}
