import type { BuiltPacket } from './packets.js';

interface PendingUpload {
  id: number;
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
 * all of them again after a reconnect, the oldest given up when more than `maxPending` wait. Several may share a QN
 * (the answers to one host request carry its QN): each 9014 with that QN answers the oldest of them.
 */
export class PendingUploads {
  /** Oldest first. */
  private readonly pending = new Map<number, PendingUpload>();
  private readonly byQn = new Map<string, PendingUpload[]>();
  private nextId = 0;
  readonly counters = { sent: 0, acked: 0, resent: 0 };

  constructor(
    private readonly link: UploadLink,
    private readonly maxPending: number,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  has(qn: string): boolean {
    return this.byQn.has(qn);
  }

  enqueue(packet: BuiltPacket, cn: string): Promise<boolean> {
    return new Promise((resolve) => {
      const entry: PendingUpload = {
        id: this.nextId++,
        qn: packet.qn,
        cn,
        text: packet.text,
        writes: 0,
        timer: undefined,
        resolve,
      };
      this.pending.set(entry.id, entry);
      const sharing = this.byQn.get(entry.qn);
      if (sharing === undefined) this.byQn.set(entry.qn, [entry]);
      else sharing.push(entry);
      if (this.pending.size > this.maxPending) {
        const oldest = this.pending.values().next().value;
        if (oldest !== undefined) this.giveUp(oldest, 'pending queue full');
      }
      this.transmit(entry);
    });
  }

  acknowledge(qn: string | undefined): void {
    if (qn === undefined) return;
    const entry = this.byQn.get(qn)?.[0];
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.remove(entry);
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
    this.byQn.clear();
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
    if (this.pending.get(entry.id) !== entry) return;
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
    this.remove(entry);
    this.link.log(`giving up on ${entry.cn} QN=${entry.qn}: ${reason}`);
    entry.resolve(false);
  }

  private remove(entry: PendingUpload): void {
    this.pending.delete(entry.id);
    const sharing = this.byQn.get(entry.qn);
    const rest = sharing?.filter((e) => e !== entry) ?? [];
    if (rest.length === 0) this.byQn.delete(entry.qn);
    else this.byQn.set(entry.qn, rest);
  }
}
