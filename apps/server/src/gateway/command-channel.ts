import { type Hj212Message, makeFlag, serialisePacket, splitFields } from '@envmon/hj212';
import { ANSWER_CNS } from './replies.js';
import type { QnGenerator } from './station-time.js';

/** A request to a station (HJ212.md §9): backfill 2051/2061/2031, time 1011/1012, intervals 1062/1064, info 3020/3021 … */
export interface CommandRequest {
  cn: string;
  cp?: Record<string, string>;
}

/** A packet of a request's exchange with its station, as written or read. */
export interface ExchangedPacket {
  direction: 'sent' | 'received';
  at: number;
  raw: string;
}

/** What a request's outcome carries beside its result: the packets exchanged (at most MAX_EXCHANGED, the rest counted). */
export interface CommandExchange {
  attempts: number;
  packets?: ExchangedPacket[];
  droppedPackets?: number;
}

export type CommandOutcome =
  | ({ ok: true; qn: string; qnRtn: number | null; exeRtn: number | null } & CommandExchange)
  | ({
      ok: false;
      qn: string | null;
      reason: 'offline' | 'timeout' | 'rejected' | 'failed';
      qnRtn: number | null;
      exeRtn: number | null;
    } & CommandExchange);

/** Packets kept with one request's outcome (a 3020 log read streams many; a backfill, thousands). */
export const MAX_EXCHANGED = 100;

/** A request that did not succeed, in the words the API answers with (device sync, reissue tasks). */
export type CommandFailure = 'notConnected' | 'refused' | 'failed' | 'timeout';

export function commandFailure(outcome: Extract<CommandOutcome, { ok: false }>): CommandFailure {
  switch (outcome.reason) {
    case 'offline':
      return 'notConnected';
    case 'rejected':
      return 'refused';
    case 'failed':
      return 'failed';
    case 'timeout':
      return 'timeout';
  }
}

/** How to reach a connected station: the header values it uses, and a way to write to it. */
export interface StationLink {
  mn: string;
  st: string;
  pw: string | undefined;
  /** Flag version bits the station speaks. */
  version: number;
  write(packet: string): boolean;
}

export interface CommandOptions {
  /** Wait for an answer this long before resending (HJ 212 Table 1: 10 s). */
  timeoutMs: number;
  /** Resends after the first try (Table 1: 3). */
  retries: number;
  /** Once the station accepted it (9011 QnRtn 1), how long it may go silent before its result; timeoutMs if absent. */
  acceptedWaitMs?: number;
  /** Hears the station accept it (not carried to another process: the gateway there says it in its own reply). */
  onAccepted?: (qn: string) => void;
  /**
   * Keep the packets exchanged in the outcome: the request, its answers and the uploads of `uploads`' CNs (or
   * of the request's QN). Backfills leave it off: their uploads are data, stored as such.
   */
  record?: { uploads: readonly string[] };
}

export const DEFAULT_COMMAND_OPTIONS: CommandOptions = { timeoutMs: 10_000, retries: 3 };

/** Notifications a station answers with 9013 instead of 9011/9012. */
const NOTIFY_CNS = new Set(['2012', '2022']);

interface PendingCommand {
  deviceCode: string;
  cn: string;
  packet: string;
  link: StationLink;
  attempts: number;
  /** 9011 QnRtn=1 came: the station is working on it; no more resends. */
  accepted: boolean;
  qnRtn: number | null;
  timer: NodeJS.Timeout;
  options: CommandOptions;
  /** The exchange, when the options ask for it. */
  packets: ExchangedPacket[] | null;
  droppedPackets: number;
  resolve: (outcome: CommandOutcome) => void;
}

const toNumber = (text: string | undefined): number | null => {
  if (text === undefined) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/**
 * Requests from the platform to stations, tracked by QN: sent with Flag.A, resent after a
 * silent timeout up to `retries` times, settled by the station's 9011 (request answer) and 9012
 * (execution result) — or 9013 for notifications. While an accepted request runs (a backfill
 * streams its uploads), every packet from the station restarts the wait.
 */
export class CommandChannel {
  private readonly pending = new Map<string, PendingCommand>();

  constructor(
    private readonly links: (deviceCode: string) => StationLink | undefined,
    private readonly qns: QnGenerator,
    private readonly now: () => number,
  ) {}

  send(deviceCode: string, request: CommandRequest, options = DEFAULT_COMMAND_OPTIONS): Promise<CommandOutcome> {
    const link = this.links(deviceCode);
    if (!link) {
      return Promise.resolve({ ok: false, qn: null, reason: 'offline', qnRtn: null, exeRtn: null, attempts: 0 });
    }
    const qn = this.qns.next();
    const message: Hj212Message = {
      qn,
      st: link.st,
      cn: request.cn,
      pw: link.pw,
      mn: link.mn,
      flag: makeFlag((link.version << 2) | 1),
      dialect: 'hj212-2017',
      extra: {},
      // 3021's `i13004-Info` goes out as the per-code field it is.
      ...splitFields(Object.entries(request.cp ?? {})),
    };
    const packet = serialisePacket(message);
    return new Promise((resolve) => {
      const entry: PendingCommand = {
        deviceCode,
        cn: request.cn,
        packet,
        link,
        attempts: 0,
        accepted: false,
        qnRtn: null,
        timer: setTimeout(() => undefined, 0),
        options,
        packets: options.record ? [] : null,
        droppedPackets: 0,
        resolve,
      };
      this.pending.set(qn, entry);
      this.attempt(qn, entry);
    });
  }

  /** A 9011/9012/9013 from a station. */
  answer(deviceCode: string, reply: Hj212Message, raw: string): void {
    const qn = reply.qn;
    const entry = qn === undefined ? undefined : this.pending.get(qn);
    if (!qn || !entry || entry.deviceCode !== deviceCode) return;
    this.keep(entry, 'received', raw);
    switch (reply.cn) {
      case '9011': {
        const qnRtn = toNumber(reply.cp.QnRtn);
        entry.qnRtn = qnRtn;
        if (qnRtn !== 1) {
          this.settle(qn, { ok: false, qn, reason: 'rejected', qnRtn, exeRtn: null, attempts: entry.attempts });
          return;
        }
        if (!entry.accepted) entry.options.onAccepted?.(qn);
        entry.accepted = true;
        this.restartWait(qn, entry);
        return;
      }
      case '9012': {
        const exeRtn = toNumber(reply.cp.ExeRtn);
        this.settle(
          qn,
          exeRtn === 1
            ? { ok: true, qn, qnRtn: entry.qnRtn, exeRtn, attempts: entry.attempts }
            : { ok: false, qn, reason: 'failed', qnRtn: entry.qnRtn, exeRtn, attempts: entry.attempts },
        );
        return;
      }
      case '9013':
        if (NOTIFY_CNS.has(entry.cn)) {
          this.settle(qn, { ok: true, qn, qnRtn: null, exeRtn: null, attempts: entry.attempts });
        }
        return;
      default:
        return;
    }
  }

  /**
   * Any packet from the station: an accepted request is still alive, and an upload in answer to a recorded
   * request (one of its upload CNs, or its QN) joins its exchange.
   */
  heard(deviceCode: string, message: Hj212Message, raw: string): void {
    for (const [qn, entry] of this.pending) {
      if (entry.deviceCode !== deviceCode) continue;
      if (entry.accepted) this.restartWait(qn, entry);
      const uploads = entry.options.record?.uploads;
      if (uploads && !ANSWER_CNS.has(message.cn) && (message.qn === qn || uploads.includes(message.cn))) {
        this.keep(entry, 'received', raw);
      }
    }
  }

  /** Settles everything still waiting (shutdown). */
  close(): void {
    for (const [qn, entry] of this.pending) {
      this.settle(qn, { ok: false, qn, reason: 'offline', qnRtn: entry.qnRtn, exeRtn: null, attempts: entry.attempts });
    }
  }

  get inFlight(): number {
    return this.pending.size;
  }

  private attempt(qn: string, entry: PendingCommand): void {
    // A reconnected station has a new link; resend through it.
    const link = this.links(entry.deviceCode) ?? entry.link;
    entry.attempts += 1;
    link.write(entry.packet);
    this.keep(entry, 'sent', entry.packet);
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      if (entry.attempts <= entry.options.retries) this.attempt(qn, entry);
      else this.settle(qn, { ok: false, qn, reason: 'timeout', qnRtn: null, exeRtn: null, attempts: entry.attempts });
    }, entry.options.timeoutMs);
  }

  private restartWait(qn: string, entry: PendingCommand): void {
    const { acceptedWaitMs, timeoutMs } = entry.options;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(
      () =>
        this.settle(qn, {
          ok: false,
          qn,
          reason: 'timeout',
          qnRtn: entry.qnRtn,
          exeRtn: null,
          attempts: entry.attempts,
        }),
      acceptedWaitMs ?? timeoutMs,
    );
  }

  private keep(entry: PendingCommand, direction: ExchangedPacket['direction'], raw: string): void {
    if (!entry.packets) return;
    if (entry.packets.length < MAX_EXCHANGED) entry.packets.push({ direction, at: this.now(), raw });
    else entry.droppedPackets += 1;
  }

  private settle(qn: string, outcome: CommandOutcome): void {
    const entry = this.pending.get(qn);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.pending.delete(qn);
    entry.resolve(
      entry.packets ? { ...outcome, packets: entry.packets, droppedPackets: entry.droppedPackets } : outcome,
    );
  }
}
