import type { BuiltPacket } from './packets.js';

interface PendingUpload {
  qn: string;
  cn: string;
  text: string;
  writes: number;
  timer: NodeJS.Timeout | undefined;
  resolve: (acked: boolean) => void;
}

/** The connection the uploads go out on, and the answer policy the host may change (1000). */
export interface UploadLink {
  /** Writes when connected; false (nothing written) otherwise. */
  send(text: string): boolean;
  connected(): boolean;
  ackTimeoutMs(): number;
  maxResends(): number;
  log(line: string): void;
  acked(qn: string, cn: string): void;
}

/**
 * A station's uploads that wait for an answer (9013/9014): resent after the answer timeout up to the resend limit,
 * all of them again after a reconnect, the oldest given up when more than `maxPending` wait.
 */
export class PendingUploads {
  private readonly pending = new Map<string, PendingUpload>();
  readonly counters = { sent: 0, acked: 0, resent: 0 };

  constructor(
    private readonly link: UploadLink,
    private readonly maxPending: number,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  has(qn: string): boolean {
    return this.pending.has(qn);
  }

  enqueue(packet: BuiltPacket, cn: string): Promise<boolean> {
    return new Promise((resolve) => {
      const entry: PendingUpload = { qn: packet.qn, cn, text: packet.text, writes: 0, timer: undefined, resolve };
      this.pending.set(entry.qn, entry);
      if (this.pending.size > this.maxPending) {
        const oldest = this.pending.values().next().value;
        if (oldest !== undefined) this.giveUp(oldest, 'pending queue full');
      }
      this.transmit(entry);
    });
  }

  acknowledge(qn: string | undefined): void {
    if (qn === undefined) return;
    const entry = this.pending.get(qn);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.pending.delete(qn);
    this.counters.acked++;
    entry.resolve(true);
    this.link.acked(qn, entry.cn);
  }

  /** After a reconnect: whatever is still unanswered goes again, oldest first. */
  resendAll(): void {
    for (const entry of [...this.pending.values()]) this.transmit(entry);
  }

  /** On a disconnect: the answer timers stop; the reconnect resends. */
  pause(): void {
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
  }

  /** Gives up on every upload (the station stops). */
  clear(): void {
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.resolve(false);
    }
    this.pending.clear();
  }

  private transmit(entry: PendingUpload): void {
    if (!this.link.send(entry.text)) return;
    if (entry.writes === 0) this.counters.sent++;
    else this.counters.resent++;
    entry.writes++;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.onAckTimeout(entry), this.link.ackTimeoutMs());
  }

  private onAckTimeout(entry: PendingUpload): void {
    entry.timer = undefined;
    if (this.pending.get(entry.qn) !== entry) return;
    // While disconnected the packet waits for the reconnect, which resends it.
    if (!this.link.connected()) return;
    if (entry.writes > this.link.maxResends()) {
      this.giveUp(entry, `no answer after ${entry.writes} sends`);
      return;
    }
    this.link.log(`resending ${entry.cn} QN=${entry.qn}`);
    this.transmit(entry);
  }

  private giveUp(entry: PendingUpload, reason: string): void {
    clearTimeout(entry.timer);
    this.pending.delete(entry.qn);
    this.link.log(`giving up on ${entry.cn} QN=${entry.qn}: ${reason}`);
    entry.resolve(false);
  }
}
