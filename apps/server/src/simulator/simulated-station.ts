/**
 * One virtual HJ 212 station on a TCP connection: sends real-time, minute, hour and day data on schedule, asks for
 * acknowledgements and resends what is not acknowledged, answers the host's requests (backfill, time, intervals)
 * and can be told to misbehave (scripted faults). Its history is its model evaluated at past times, so backfill
 * answers are deterministic.
 */
import { EventEmitter } from 'node:events';
import { createConnection, type Socket } from 'node:net';
import { FrameDecoder, parseHj212Time, type FrameDecoderItem, type Hj212Message } from '@envmon/hj212';
import { DAY_MS, HOUR_MS } from '@envmon/shared';
import {
  buildDataPacket,
  buildReplyPacket,
  buildStationPacket,
  formatBeijingTime,
  periodLengthMs,
  periodStartMs,
  STATION_ST,
  type BuiltPacket,
  type ReplyCn,
  type UploadCn,
} from './packets.js';
import {
  applyFault,
  createStationModel,
  type FactorSample,
  type StationFault,
  type StationKind,
  type StationModel,
} from './station-model.js';

export interface SimulatedStationOptions {
  mn: string;
  pw: string;
  kind: StationKind;
  host: string;
  port: number;
  /** Seconds between real-time (2011) packets, in ms. */
  rtdIntervalMs: number;
  /** Minute-data (2051) period; real stations use 1–30 minutes. Default 60 s. */
  minuteIntervalMs?: number;
  /** How long to wait for a 9014 before resending. Default 5000. */
  ackTimeoutMs?: number;
  /** Resends of an unacknowledged packet before giving up. Default 3. */
  maxResends?: number;
  /** The station's base clock (UTC epoch ms); a 1012 from the host adds an offset to it. */
  clock?: () => number;
  seed: number;
  /** Where in each hour the station's episode starts (a fleet staggers them); by default fixed by the seed. */
  episodeOffsetMs?: number;
  log?: (line: string) => void;
  /** Reconnect backoff bounds. Default 1000 and 5000. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Most uploads held waiting for an answer (the oldest are dropped beyond it). Default 2000. */
  maxPending?: number;
}

export interface SimulatedStationStats {
  /** Uploads written at least once. */
  sent: number;
  acked: number;
  /** Writes of an upload after its first (ack timeout or reconnect). */
  resent: number;
  /** Uploads waiting for an answer. */
  unacked: number;
}

export interface AckedUpload {
  qn: string;
  cn: string;
}

export type SimulatedStationEvents = {
  acked: [upload: AckedUpload];
  connected: [];
  disconnected: [];
  /** A request from the host (anything but the 9013/9014 answers), before the station acts on it. */
  command: [message: Hj212Message];
};

interface PendingUpload {
  qn: string;
  cn: string;
  text: string;
  writes: number;
  timer: NodeJS.Timeout | undefined;
  resolve: (acked: boolean) => void;
}

type ScheduleKey = 'rtd' | 'minute' | 'hour' | 'day';

/** Most periods one backfill request streams (a week of 1-minute data is ~10 000). */
const MAX_BACKFILL_PERIODS = 10_000;
/** Sample points per period for period data; enough for a plausible min/max. */
const AGGREGATE_POINTS: Readonly<Record<Exclude<UploadCn, '2011'>, number>> = { '2051': 6, '2061': 12, '2031': 48 };
/** HJ212.md §6: MinInterval ∈ {1,2,3,4,5,6,10,12,15,20,30} minutes (60 too: some stations send hourly "minute" data). */
const MIN_INTERVALS = new Set([1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60]);
/** QnRtn (HJ212.md §10). */
const QN_READY = '1';
const QN_REJECTED = '2';
const QN_PW_ERROR = '3';
const QN_MN_ERROR = '4';
/** ExeRtn (HJ212.md §10). */
const EXE_OK = '1';
const EXE_CONDITION_ERROR = '3';
const EXE_NO_DATA = '100';
/** A password the station takes (1072): NewPW is C6, some stations carry up to 24 characters; none that would break the data segment. */
const VALID_PW = /^[^;,=&\s]{1,24}$/;

export class SimulatedStation extends EventEmitter<SimulatedStationEvents> {
  readonly mn: string;
  readonly kind: StationKind;
  readonly st: string;
  readonly model: StationModel;

  private readonly host: string;
  private readonly port: number;
  private readonly baseClock: () => number;
  private readonly logLine: (line: string) => void;
  private readonly reconnectMinMs: number;
  private readonly reconnectMaxMs: number;
  private readonly maxPending: number;
  private rtdInterval: number;
  private minuteInterval: number;
  private ackTimeoutMs: number;
  private maxResends: number;

  private socket: Socket | undefined;
  private isConnected = false;
  private started = false;
  private stopped = false;
  private realtimeEnabled = true;
  private clockOffsetMs = 0;
  private lastQnMs = 0;
  private reconnectAttempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly schedules = new Map<ScheduleKey, NodeJS.Timeout>();
  private readonly pending = new Map<string, PendingUpload>();
  private readonly decoder = new FrameDecoder();
  private currentFault: StationFault | null = null;
  private frozen: FactorSample[] | undefined;
  private lastRealtime: FactorSample[] | undefined;
  private readonly counters = { sent: 0, acked: 0, resent: 0 };
  /** The access password (PW); the platform may set a new one (1072). */
  private password: string;

  get pw(): string {
    return this.password;
  }

  constructor(options: SimulatedStationOptions) {
    super();
    this.mn = options.mn;
    this.password = options.pw;
    this.kind = options.kind;
    this.st = STATION_ST[options.kind];
    this.host = options.host;
    this.port = options.port;
    this.rtdInterval = positive('rtdIntervalMs', options.rtdIntervalMs);
    this.minuteInterval = positive('minuteIntervalMs', options.minuteIntervalMs ?? 60_000);
    this.ackTimeoutMs = positive('ackTimeoutMs', options.ackTimeoutMs ?? 5000);
    this.maxResends = Math.max(0, Math.floor(options.maxResends ?? 3));
    this.baseClock = options.clock ?? Date.now;
    this.logLine = options.log ?? (() => undefined);
    this.reconnectMinMs = positive('reconnectMinMs', options.reconnectMinMs ?? 1000);
    this.reconnectMaxMs = Math.max(this.reconnectMinMs, options.reconnectMaxMs ?? 5000);
    this.maxPending = Math.max(1, Math.floor(options.maxPending ?? 2000));
    this.model = createStationModel({
      kind: options.kind,
      seed: options.seed,
      episodeOffsetMs: options.episodeOffsetMs,
    });
  }

  // ---- public API ---------------------------------------------------------------------------------------------

  get stats(): SimulatedStationStats {
    return { ...this.counters, unacked: this.pending.size };
  }

  get connected(): boolean {
    return this.isConnected;
  }

  get fault(): StationFault | null {
    return this.currentFault;
  }

  get rtdIntervalMs(): number {
    return this.rtdInterval;
  }

  get minuteIntervalMs(): number {
    return this.minuteInterval;
  }

  /** The station's own clock: the base clock plus whatever a 1012 set. */
  now(): number {
    return this.baseClock() + this.clockOffsetMs;
  }

  /** Connects and starts the upload schedules. */
  start(): void {
    if (this.started && !this.stopped) return;
    this.started = true;
    this.stopped = false;
    this.armAll();
    this.connect();
  }

  /** Stops schedules and reconnects, gives up on unanswered uploads and closes the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.schedules.values()) clearTimeout(timer);
    this.schedules.clear();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.resolve(false);
    }
    this.pending.clear();
    const socket = this.socket;
    if (socket === undefined || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      if (this.isConnected) {
        // A graceful end flushes what was written; destroy if the peer never closes its side.
        socket.end();
        setTimeout(() => socket.destroy(), 1000).unref();
      } else {
        socket.destroy();
      }
    });
  }

  /**
   * Scripted faults. `spike` affects the next upload only and then clears itself; `constant` holds the last real-time
   * values; `offline` closes the connection and sends nothing until the fault is cleared (or replaced).
   */
  setFault(fault: StationFault | null): void {
    const previous = this.currentFault;
    this.currentFault = fault;
    if (fault === 'constant' && previous !== 'constant') {
      this.frozen = this.lastRealtime ?? this.model.sample(this.now());
    }
    if (fault === 'offline' && previous !== 'offline') {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = undefined;
      this.log('offline fault: closing the connection');
      this.socket?.destroy();
    }
    if (previous === 'offline' && fault !== 'offline' && this.started && !this.stopped) {
      this.reconnectAttempt = 0;
      this.connect();
    }
  }

  /**
   * Sends one upload now (with the current fault applied); `dataTimeMs` is moved to its period start for period data.
   * Resolves true when acknowledged, false when given up (resends exhausted, station stopped or offline).
   */
  sendNow(cn: UploadCn, dataTimeMs: number): Promise<boolean> {
    if (this.stopped || this.currentFault === 'offline') return Promise.resolve(false);
    return this.upload(cn, dataTimeMs, true);
  }

  /** Sends a 1013 time-calibration request; the host answers 9013 and then a 1012. Resolves true on the 9013. */
  requestTimeCalibration(): Promise<boolean> {
    if (this.stopped || this.currentFault === 'offline') return Promise.resolve(false);
    const packet = buildStationPacket({
      mn: this.mn,
      pw: this.pw,
      st: this.st,
      cn: '1013',
      ack: true,
      qnMs: this.nextQnMs(),
    });
    return this.enqueue(packet, '1013');
  }

  // ---- uploads and acknowledgements ---------------------------------------------------------------------------

  private upload(cn: UploadCn, dataTimeMs: number, withFault: boolean): Promise<boolean> {
    const start = periodStartMs(cn, dataTimeMs, this.minuteInterval);
    const clean =
      cn === '2011'
        ? this.model.sample(start)
        : this.model.aggregate(start, start + periodLengthMs(cn, this.minuteInterval), AGGREGATE_POINTS[cn]);
    if (cn === '2011' && withFault) this.lastRealtime = clean;
    const fault = withFault ? this.currentFault : null;
    const { values, flag } = applyFault(clean, fault, this.frozen);
    // A spike is one bad sample, not a state.
    if (fault === 'spike') this.currentFault = null;
    const packet = buildDataPacket({
      mn: this.mn,
      pw: this.pw,
      st: this.st,
      cn,
      dataTimeMs: start,
      values,
      ...(flag === undefined ? {} : { flags: Object.fromEntries(values.map((v) => [v.code, flag])) }),
      ack: true,
      qnMs: this.nextQnMs(),
    });
    return this.enqueue(packet, cn);
  }

  /** QNs are the send time to the ms; bumped so that no two packets of this station share one. */
  private nextQnMs(): number {
    let t = Math.max(Math.floor(this.now()), this.lastQnMs + 1);
    while (this.pending.has(formatBeijingTime(t, 17))) t++;
    this.lastQnMs = t;
    return t;
  }

  private enqueue(packet: BuiltPacket, cn: string): Promise<boolean> {
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

  private transmit(entry: PendingUpload): void {
    const socket = this.socket;
    if (socket === undefined || !this.isConnected) return;
    socket.write(entry.text);
    if (entry.writes === 0) this.counters.sent++;
    else this.counters.resent++;
    entry.writes++;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.onAckTimeout(entry), this.ackTimeoutMs);
  }

  private onAckTimeout(entry: PendingUpload): void {
    entry.timer = undefined;
    if (this.pending.get(entry.qn) !== entry) return;
    // While disconnected the packet waits for the reconnect, which resends it.
    if (!this.isConnected) return;
    if (entry.writes > this.maxResends) {
      this.giveUp(entry, `no answer after ${entry.writes} sends`);
      return;
    }
    this.log(`resending ${entry.cn} QN=${entry.qn}`);
    this.transmit(entry);
  }

  private giveUp(entry: PendingUpload, reason: string): void {
    clearTimeout(entry.timer);
    this.pending.delete(entry.qn);
    this.log(`giving up on ${entry.cn} QN=${entry.qn}: ${reason}`);
    entry.resolve(false);
  }

  private acknowledge(qn: string | undefined): void {
    if (qn === undefined) return;
    const entry = this.pending.get(qn);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.pending.delete(qn);
    this.counters.acked++;
    entry.resolve(true);
    this.emit('acked', { qn, cn: entry.cn });
  }

  // ---- connection ---------------------------------------------------------------------------------------------

  private connect(): void {
    if (this.stopped || this.currentFault === 'offline' || this.socket !== undefined) return;
    const socket = createConnection({ host: this.host, port: this.port });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.isConnected = true;
      this.reconnectAttempt = 0;
      this.decoder.reset();
      this.log(`connected to ${this.host}:${this.port}`);
      this.emit('connected');
      // Whatever is still unanswered goes again, oldest first.
      for (const entry of [...this.pending.values()]) this.transmit(entry);
    });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => this.log(`socket error: ${err.message}`));
    socket.on('close', () => {
      const wasConnected = this.isConnected;
      this.isConnected = false;
      if (this.socket === socket) this.socket = undefined;
      for (const entry of this.pending.values()) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
      }
      if (wasConnected) {
        this.log('disconnected');
        this.emit('disconnected');
      }
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.currentFault === 'offline' || this.reconnectTimer !== undefined) return;
    const delay = Math.min(this.reconnectMaxMs, this.reconnectMinMs * 2 ** this.reconnectAttempt);
    this.reconnectAttempt = Math.min(this.reconnectAttempt + 1, 16);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private write(text: string): void {
    if (this.socket !== undefined && this.isConnected) this.socket.write(text);
  }

  private log(line: string): void {
    this.logLine(`[${this.mn}] ${line}`);
  }

  // ---- schedules ----------------------------------------------------------------------------------------------

  private armAll(): void {
    for (const key of ['rtd', 'minute', 'hour', 'day'] as const) this.arm(key);
  }

  private periodOf(key: ScheduleKey): number {
    switch (key) {
      case 'rtd':
        return this.rtdInterval;
      case 'minute':
        return this.minuteInterval;
      case 'hour':
        return HOUR_MS;
      case 'day':
        return DAY_MS;
    }
  }

  /** The first boundary strictly after `ms`: interval multiples; hours; Beijing midnights. */
  private boundaryAfter(key: ScheduleKey, ms: number): number {
    const length = this.periodOf(key);
    const start = key === 'day' ? periodStartMs('2031', ms, this.minuteInterval) : Math.floor(ms / length) * length;
    return start + length;
  }

  /**
   * Fires at the next boundary of the station clock. The boundary (not the clock at firing, which may read a little
   * early) names the period, so no period is sent twice or skipped.
   */
  private arm(key: ScheduleKey, after?: number): void {
    clearTimeout(this.schedules.get(key));
    if (this.stopped || !this.started) return;
    const now = this.now();
    const boundary = this.boundaryAfter(key, Math.max(now, after ?? now));
    const timer = setTimeout(() => {
      this.schedules.delete(key);
      this.onBoundary(key, boundary);
      this.arm(key, boundary);
    }, boundary - now);
    this.schedules.set(key, timer);
  }

  private onBoundary(key: ScheduleKey, boundary: number): void {
    if (this.stopped || this.currentFault === 'offline') return;
    // Timers may fire a millisecond early: an upload is never stamped (QN) before its boundary.
    this.lastQnMs = Math.max(this.lastQnMs, boundary - 1);
    switch (key) {
      case 'rtd':
        if (this.realtimeEnabled) void this.upload('2011', boundary, true);
        return;
      case 'minute':
        void this.upload('2051', boundary - this.minuteInterval, true);
        return;
      case 'hour':
        void this.upload('2061', boundary - HOUR_MS, true);
        return;
      case 'day':
        void this.upload('2031', boundary - DAY_MS, true);
        return;
    }
  }

  // ---- requests from the host ---------------------------------------------------------------------------------

  private onData(chunk: Buffer): void {
    let items: FrameDecoderItem[];
    try {
      items = this.decoder.push(chunk);
    } catch (err) {
      this.decoder.reset();
      this.log(`framing failed: ${String(err)}`);
      return;
    }
    for (const item of items) {
      if (item.kind === 'error') {
        this.log(`skipped ${item.skipped} bytes: ${item.error.detail}`);
        continue;
      }
      if (!item.result.ok) {
        this.log(`bad packet: ${item.result.error.code} ${item.result.error.detail}`);
        continue;
      }
      try {
        this.onMessage(item.result.message);
      } catch (err) {
        this.log(`failed to handle CN=${item.result.message.cn}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  private onMessage(message: Hj212Message): void {
    switch (message.cn) {
      case '9013':
      case '9014':
        this.acknowledge(message.qn);
        return;
      case '9011':
      case '9012':
        return;
    }
    this.emit('command', message);
    if (message.pw !== undefined && message.pw !== this.pw) {
      this.reply(message, '9011', { QnRtn: QN_PW_ERROR });
      return;
    }
    if (message.mn !== undefined && message.mn !== this.mn) {
      this.reply(message, '9011', { QnRtn: QN_MN_ERROR });
      return;
    }
    switch (message.cn) {
      case '2051':
      case '2061':
      case '2031':
        this.backfill(message, message.cn);
        return;
      case '1012':
        this.setTime(message);
        return;
      case '1011':
        this.execute(message, () => {
          this.sendInfo(message, '1011', { SystemTime: formatBeijingTime(this.now()) });
          return EXE_OK;
        });
        return;
      case '1061':
        this.execute(message, () => {
          this.sendInfo(message, '1061', { RtdInterval: String(Math.round(this.rtdInterval / 1000)) });
          return EXE_OK;
        });
        return;
      case '1062':
        this.execute(message, () => {
          const seconds = wholeNumber(message.cp.RtdInterval);
          if (seconds === undefined || seconds < 1) return EXE_CONDITION_ERROR;
          this.rtdInterval = seconds * 1000;
          this.arm('rtd');
          return EXE_OK;
        });
        return;
      case '1063':
        this.execute(message, () => {
          this.sendInfo(message, '1063', { MinInterval: String(Math.round(this.minuteInterval / 60_000)) });
          return EXE_OK;
        });
        return;
      case '1064':
        this.execute(message, () => {
          const minutes = wholeNumber(message.cp.MinInterval);
          if (minutes === undefined || !MIN_INTERVALS.has(minutes)) return EXE_CONDITION_ERROR;
          this.minuteInterval = minutes * 60_000;
          this.arm('minute');
          return EXE_OK;
        });
        return;
      case '1000':
        this.execute(message, () => {
          const overTime = wholeNumber(message.cp.OverTime);
          const reCount = wholeNumber(message.cp.ReCount);
          if (overTime === undefined || reCount === undefined || overTime < 1) return EXE_CONDITION_ERROR;
          this.ackTimeoutMs = overTime * 1000;
          this.maxResends = reCount;
          return EXE_OK;
        });
        return;
      case '1072':
        // The answer to the request still carries the old password, the result the new one.
        this.execute(message, () => {
          const pw = message.cp.NewPW;
          if (pw === undefined || !VALID_PW.test(pw)) return EXE_CONDITION_ERROR;
          this.password = pw;
          this.log('password changed');
          return EXE_OK;
        });
        return;
      case '2011':
        // "Fetch real-time data": (re)start the real-time stream.
        this.reply(message, '9011', { QnRtn: QN_READY });
        this.realtimeEnabled = true;
        void this.upload('2011', this.now(), true);
        return;
      case '2012':
        // "Stop real-time data" is a notify: answered with 9013.
        this.realtimeEnabled = false;
        this.reply(message, '9013');
        return;
      default:
        this.reply(message, '9011', { QnRtn: QN_REJECTED });
    }
  }

  private reply(request: Hj212Message, cn: ReplyCn, cp?: Record<string, string>): void {
    this.write(buildReplyPacket({ qn: request.qn, mn: this.mn, pw: this.pw, cn, ...(cp === undefined ? {} : { cp }) }));
  }

  /** The three-step request flow: 9011 ready, the work (which may send packets), 9012 with its result. */
  private execute(request: Hj212Message, work: () => string): void {
    this.reply(request, '9011', { QnRtn: QN_READY });
    const exeRtn = work();
    this.reply(request, '9012', { ExeRtn: exeRtn });
  }

  /** A parameter answer (1011/1061/1063): Flag=4, so not tracked for an answer. */
  private sendInfo(request: Hj212Message, cn: string, cp: Record<string, string>): void {
    const polId = request.cp.PolId;
    const packet = buildStationPacket({
      mn: this.mn,
      pw: this.pw,
      st: this.st,
      cn,
      ack: false,
      qnMs: this.nextQnMs(),
      cp: polId === undefined ? cp : { PolId: polId, ...cp },
    });
    this.write(packet.text);
  }

  private setTime(request: Hj212Message): void {
    this.execute(request, () => {
      const text = request.cp.SystemTime;
      const target = text === undefined ? undefined : parseHj212Time(text);
      if (target === undefined) return EXE_CONDITION_ERROR;
      this.clockOffsetMs = target.getTime() - this.baseClock();
      this.lastQnMs = 0;
      this.log(`clock set to ${text}`);
      this.armAll();
      return EXE_OK;
    });
  }

  /** Backfill (补数): one upload per complete period starting within [BeginTime, EndTime], from the model. */
  private backfill(request: Hj212Message, cn: Exclude<UploadCn, '2011'>): void {
    this.execute(request, () => {
      const begin = parseTimeField(request.cp.BeginTime);
      const end = parseTimeField(request.cp.EndTime);
      if (begin === undefined || end === undefined || end < begin) return EXE_CONDITION_ERROR;
      const length = periodLengthMs(cn, this.minuteInterval);
      const now = this.now();
      let start = periodStartMs(cn, begin, this.minuteInterval);
      if (start < begin) start += length;
      let count = 0;
      for (; start <= end && start + length <= now && count < MAX_BACKFILL_PERIODS; start += length) {
        void this.upload(cn, start, false);
        count++;
      }
      return count > 0 ? EXE_OK : EXE_NO_DATA;
    });
  }
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}

function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,6}$/.test(text)) return undefined;
  return Number(text);
}

function parseTimeField(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseHj212Time(text)?.getTime();
}
