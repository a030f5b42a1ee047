/**
 * One virtual HJ 212 station on a TCP connection: sends real-time, minute, hour and day data on schedule, asks for
 * acknowledgements and resends what is not acknowledged, answers the host's requests (backfill, time, intervals,
 * the instruments' commands and information) and can be told to misbehave (scripted faults). Its history is its model evaluated at past times, so backfill
 * answers are deterministic.
 */
import { EventEmitter } from 'node:events';
import { createConnection, type Socket } from 'node:net';
import { FrameDecoder } from '@envmon/hj212';
import { DAY_MS, HOUR_MS } from '@envmon/shared';
import { answerHostData, type RequestedStation } from './host-requests.js';
import {
  buildAnswerUpload,
  buildDataPacket,
  buildStationPacket,
  formatBeijingTime,
  periodLengthMs,
  periodStartMs,
  STATION_ST,
  type UploadCn,
} from './packets.js';
import { PendingUploads } from './pending-uploads.js';
import {
  applyFault,
  createStationModel,
  type FactorSample,
  type StationFault,
  type StationKind,
  type StationModel,
} from './station-model.js';
import type { AnswerUpload } from './site-commands.js';
import {
  SUPPORTED_CNS,
  type SimulatedStationEvents,
  type SimulatedStationOptions,
  type SimulatedStationStats,
} from './simulated-station-types.js';
import { StationInstruments } from './station-instruments.js';
import { type ScheduleKey, UploadSchedules } from './upload-schedules.js';

export type {
  AckedUpload,
  SimulatedStationEvents,
  SimulatedStationOptions,
  SimulatedStationStats,
} from './simulated-station-types.js';

/** Sample points per period for period data; enough for a plausible min/max. */
const AGGREGATE_POINTS: Readonly<Record<Exclude<UploadCn, '2011'>, number>> = { '2051': 6, '2061': 12, '2031': 48 };

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
  private readonly schedules = new UploadSchedules({
    now: () => this.now(),
    running: () => this.started && !this.stopped,
    rtdIntervalMs: () => this.rtdInterval,
    minuteIntervalMs: () => this.minuteInterval,
    onBoundary: (key, boundary) => this.onBoundary(key, boundary),
  });
  private readonly uploads: PendingUploads;
  /** What the host's requests may read and change (host-requests.ts). */
  private readonly requested: RequestedStation;
  private readonly decoder = new FrameDecoder();
  private currentFault: StationFault | null = null;
  private frozen: FactorSample[] | undefined;
  private lastRealtime: FactorSample[] | undefined;
  /** The access password (PW); the platform may set a new one (1072). */
  private password: string;
  /** Log, states, parameters and sampler of the station's instruments (3011–3021, 3042+). */
  readonly instruments: StationInstruments;

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
    this.uploads = new PendingUploads(
      {
        send: (text) => this.write(text),
        connected: () => this.isConnected,
        ackTimeoutMs: () => this.ackTimeoutMs,
        maxResends: () => this.maxResends,
        log: (line) => this.log(line),
        acked: (qn, cn) => this.emit('acked', { qn, cn }),
      },
      Math.max(1, Math.floor(options.maxPending ?? 2000)),
    );
    this.model = createStationModel({
      kind: options.kind,
      seed: options.seed,
      episodeOffsetMs: options.episodeOffsetMs,
    });
    this.instruments = new StationInstruments(
      this.mn,
      this.model.factors,
      () => this.now(),
      () => this.currentFault,
    );
    const supported = SUPPORTED_CNS[options.kind];
    this.requested = {
      mn: this.mn,
      st: this.st,
      instruments: this.instruments,
      supports: (cn) => supported.has(cn),
      answerUpload: (upload) => void this.answerUpload(upload),
      reboot: () => this.reboot(),
      pw: () => this.password,
      rtdIntervalMs: () => this.rtdInterval,
      minuteIntervalMs: () => this.minuteInterval,
      now: () => this.now(),
      nextQnMs: () => this.nextQnMs(),
      write: (text) => this.write(text),
      log: (line) => this.log(line),
      upload: (cn, dataTimeMs, withFault) => this.upload(cn, dataTimeMs, withFault),
      acknowledge: (qn) => this.uploads.acknowledge(qn),
      heard: (message) => this.emit('command', message),
      setRtdInterval: (ms) => {
        this.rtdInterval = ms;
        this.schedules.arm('rtd');
      },
      setMinuteInterval: (ms) => {
        this.minuteInterval = ms;
        this.schedules.arm('minute');
      },
      setAnswerPolicy: (ackTimeoutMs, maxResends) => {
        this.ackTimeoutMs = ackTimeoutMs;
        this.maxResends = maxResends;
      },
      setPassword: (pw) => (this.password = pw),
      setRealtime: (enabled) => (this.realtimeEnabled = enabled),
      setClock: (targetMs) => {
        this.clockOffsetMs = targetMs - this.baseClock();
        this.lastQnMs = 0;
        this.schedules.armAll();
      },
    };
  }

  // ---- public API ---------------------------------------------------------------------------------------------

  get stats(): SimulatedStationStats {
    return { ...this.uploads.counters, unacked: this.uploads.size };
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
    this.schedules.armAll();
    this.connect();
  }

  /** Stops schedules and reconnects, gives up on unanswered uploads and closes the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.schedules.clear();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.uploads.clear();
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
    return this.uploads.enqueue(packet, '1013');
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
    return this.uploads.enqueue(packet, cn);
  }

  /** An upload answering a host request (3015, 3017–3020): the request's QN, tracked for its 9014 like the data. */
  private answerUpload(upload: AnswerUpload): Promise<boolean> {
    const packet = buildAnswerUpload({
      mn: this.mn,
      pw: this.pw,
      st: this.st,
      cn: upload.cn,
      qn: upload.qn ?? formatBeijingTime(this.nextQnMs(), 17),
      ack: true,
      ...(upload.dataTimeMs === undefined ? {} : { dataTimeMs: upload.dataTimeMs }),
      ...(upload.cp === undefined ? {} : { cp: upload.cp }),
      ...(upload.fields === undefined ? {} : { fields: upload.fields }),
    });
    return this.uploads.enqueue(packet, upload.cn);
  }

  /** QNs are the send time to the ms; bumped so that no two packets of this station share one. */
  private nextQnMs(): number {
    let t = Math.max(Math.floor(this.now()), this.lastQnMs + 1);
    while (this.uploads.has(formatBeijingTime(t, 17))) t++;
    this.lastQnMs = t;
    return t;
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
      this.uploads.resendAll();
    });
    socket.on('data', (chunk: Buffer) => answerHostData(this.requested, this.decoder, chunk));
    socket.on('error', (err) => this.log(`socket error: ${err.message}`));
    socket.on('close', () => {
      const wasConnected = this.isConnected;
      this.isConnected = false;
      if (this.socket === socket) this.socket = undefined;
      this.uploads.pause();
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

  /** The data logger restarts (3043): the connection closes once the answers are out, and the reconnect follows. */
  private reboot(): void {
    const socket = this.socket;
    if (socket === undefined || socket.destroyed) return;
    this.log('rebooting');
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  }

  /** Writes when connected; false (nothing written) otherwise. */
  private write(text: string): boolean {
    if (this.socket === undefined || !this.isConnected) return false;
    this.socket.write(text);
    return true;
  }

  private log(line: string): void {
    this.logLine(`[${this.mn}] ${line}`);
  }

  // ---- schedules ----------------------------------------------------------------------------------------------

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
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}
