import { createServer, type Server, type Socket } from 'node:net';
import {
  formatHj212Time,
  FrameDecoder,
  type FrameDecoderItem,
  type Hj212Message,
  type Hj212ParseResult,
  parsePacket,
  serialisePacket,
} from '@envmon/hj212';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewaySettings } from '../config/config.js';
import type { EventBus } from '../events/bus.js';
import type { IngestPacket, IngestPipeline } from '../ingest/ingest-pipeline.js';
import type { Clock } from '../lib/clock.js';
import type { StationIdentity } from '../modules/device/device.repository.js';
import {
  CommandChannel,
  type CommandOptions,
  type CommandOutcome,
  type CommandRequest,
  DEFAULT_COMMAND_OPTIONS,
} from './command-channel.js';
import { LogThrottle } from '../lib/log-throttle.js';
import type { OnlineTracker } from './online-tracker.js';
import { packetData, rawField } from './packet-data.js';
import { RejectionLedger, type RejectionSummary } from './rejection-ledger.js';
import { ANSWER_CNS, dataAnswer, notifyAnswer } from './replies.js';
import { type Session, storePacket, writePacket } from './session.js';
import { SplitPacketAssembler } from './split-packets.js';
import { StationHolders } from './station-holders.js';
import type { StationDirectory } from './station-directory.js';
import { QnGenerator } from './station-time.js';

/** Largest remainder a connection may hold while a packet arrives: one 9999-byte segment and its frame. */
const MAX_CONNECTION_BUFFER = 16 * 1024;
const KEEPALIVE_MS = 60_000;

export interface GatewayDeps {
  settings: GatewaySettings;
  directory: StationDirectory;
  pipeline: IngestPipeline;
  tracker: OnlineTracker;
  bus: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  commandOptions?: CommandOptions;
  /** A station comes to be held by one of this gateway's connections (true), or no longer (false). */
  onStationHeld?: (deviceCode: string, held: boolean) => void;
}

/**
 * The HJ 212 TCP gateway: per-connection framing, station identity (MN, and PW when the device
 * has one), every accepted packet handed to the ingest pipeline as an original record (of the
 * rejected ones a bounded sample), data stored, 9014 sent once the data is committed, 1013
 * answered with 9013 and a 1012, split uploads joined, and the command channel for requests to
 * stations. Anyone may connect: a connection holds its place only by proving itself — a valid
 * packet of a known station within `proveTimeoutMs` — and by its station's accepted packets after.
 */
export class Gateway {
  private readonly server: Server;
  private readonly sessions = new Set<Session>();
  /** Connections that have not proven themselves, oldest first (a Set keeps insertion order). */
  private readonly unproven = new Set<Session>();
  private readonly unprovenByAddress = new Map<string, number>();
  private readonly byStation: StationHolders;
  private readonly assembler = new SplitPacketAssembler();
  private readonly commands: CommandChannel;
  private readonly commandOptions: CommandOptions;
  private readonly rejections: RejectionLedger;
  /** Reports the rejections of a window when it ends, rather than with the next one. */
  private rejectionReport: NodeJS.Timeout | undefined;
  /** Lines about what peers send (rejected packets, broken frames)… */
  private readonly packetLog: LogThrottle;
  /** …and about connections refused or closed: both at a bounded rate. */
  private readonly connectionLog: LogThrottle;

  constructor(private readonly deps: GatewayDeps) {
    this.commandOptions = deps.commandOptions ?? DEFAULT_COMMAND_OPTIONS;
    this.byStation = new StationHolders(deps.onStationHeld);
    this.commands = new CommandChannel(
      (code) => this.byStation.get(code)?.link ?? undefined,
      new QnGenerator(() => deps.clock.now()),
      () => deps.clock.now(),
    );
    this.rejections = new RejectionLedger((summary) => this.reportRejections(summary));
    const now = () => deps.clock.now();
    this.packetLog = new LogThrottle(now);
    this.connectionLog = new LogThrottle(now);
    // Limits are applied in accept(): at the limit a proven station still gets in in place of junk.
    this.server = createServer({ noDelay: true }, (socket) => this.accept(socket));
  }

  async listen(): Promise<number> {
    await this.deps.tracker.start();
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.deps.settings.port, this.deps.settings.host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    const address = this.server.address();
    const port = typeof address === 'object' && address ? address.port : this.deps.settings.port;
    this.deps.log.info({ port }, 'HJ 212 gateway listening');
    return port;
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    const sessions = [...this.sessions];
    for (const session of sessions) session.socket.destroy();
    // The server's close callback can come before its sockets' 'close' events: wait for those
    // too, so that every station's offline state is written before the tracker stops.
    await Promise.all([closed, ...sessions.map((s) => s.released)]);
    this.commands.close();
    await Promise.all(sessions.map((s) => s.chain));
    clearTimeout(this.rejectionReport);
    this.rejections.flush();
    await this.deps.tracker.stop();
  }

  get connections(): number {
    return this.sessions.size;
  }

  isConnected(deviceCode: string): boolean {
    return this.byStation.has(deviceCode);
  }

  /** Sends a request to a connected station and reports how it ended (HJ212.md §11). */
  sendCommand(deviceCode: string, request: CommandRequest, options = this.commandOptions): Promise<CommandOutcome> {
    return this.commands.send(deviceCode, request, options);
  }

  private accept(socket: Socket): void {
    const { maxConnections, maxUnprovenPerAddress, proveTimeoutMs, idleTimeoutMs } = this.deps.settings;
    const address = socket.remoteAddress ?? '?';
    if ((this.unprovenByAddress.get(address) ?? 0) >= maxUnprovenPerAddress) {
      this.refuse(socket, address, 'too many unproven connections from this address');
      return;
    }
    if (this.sessions.size >= maxConnections) {
      const oldest = this.unproven.values().next();
      if (oldest.done) {
        this.refuse(socket, address, 'limit reached');
        return;
      }
      this.drop(oldest.value, 'closed to admit a new connection: limit reached');
    }

    let release = (): void => undefined;
    const session: Session = {
      socket,
      remote: `${address}:${socket.remotePort ?? 0}`,
      address,
      decoder: new FrameDecoder({ maxBuffer: MAX_CONNECTION_BUFFER }),
      station: null,
      link: null,
      chain: Promise.resolve(),
      paused: false,
      released: new Promise<void>((resolve) => (release = resolve)),
      timer: setTimeout(() => this.expire(session), Math.min(proveTimeoutMs, idleTimeoutMs)),
      lastAccepted: 0,
    };
    this.sessions.add(session);
    this.unproven.add(session);
    this.unprovenByAddress.set(address, (this.unprovenByAddress.get(address) ?? 0) + 1);
    socket.setKeepAlive(true, KEEPALIVE_MS);
    socket.on('data', (chunk: Buffer) => this.receive(session, chunk));
    socket.on('error', (err) => this.deps.log.debug({ err, remote: session.remote }, 'station socket error'));
    socket.on('close', () => {
      this.release(session);
      release();
    });
  }

  private refuse(socket: Socket, address: string, reason: string): void {
    socket.destroy();
    const unlogged = this.connectionLog.take(`refused ${address}`);
    if (unlogged !== null) this.deps.log.warn({ remote: address, reason, unlogged }, 'station connection refused');
  }

  /** Closes a connection now, releasing its place at once (its 'close' event comes later). */
  private drop(session: Session, reason: string): void {
    const unlogged = this.connectionLog.take(`closed ${session.address}`);
    if (unlogged !== null)
      this.deps.log.warn({ remote: session.remote, reason, unlogged }, 'station connection closed');
    session.socket.destroy();
    this.release(session);
  }

  /**
   * The connection's timer: an unproven connection is closed; a proven one is closed when its
   * station has had no packet accepted for the idle timeout, else the timer waits for the rest.
   */
  private expire(session: Session): void {
    if (!session.station) {
      this.drop(session, 'no valid packet of a known station in time');
      return;
    }
    const idleFor = performance.now() - session.lastAccepted;
    const left = this.deps.settings.idleTimeoutMs - idleFor;
    if (left <= 0) {
      // Not worth a warning: a station that goes quiet is reported offline by the tracker.
      this.deps.log.debug({ remote: session.remote, deviceCode: session.station.deviceCode }, 'idle station closed');
      session.socket.destroy();
      return;
    }
    session.timer = setTimeout(() => this.expire(session), left);
  }

  /** Idempotent: called when a connection is closed by us, and again on its 'close' event. */
  private release(session: Session): void {
    clearTimeout(session.timer);
    this.sessions.delete(session);
    this.proven(session);
    const station = session.station;
    if (!station) return;
    this.byStation.release(station.deviceCode, session);
    this.deps.tracker.closed(station.id);
  }

  private receive(session: Session, chunk: Buffer): void {
    for (const item of session.decoder.push(chunk)) {
      if (item.kind === 'error') {
        this.frameError(session, item);
        continue;
      }
      // Read in place: the decoder's bytes are the packet's own copy already.
      const raw = Buffer.from(item.raw.buffer, item.raw.byteOffset, item.raw.byteLength).toString('utf8');
      const receivedAt = this.deps.clock.now();
      session.chain = session.chain
        .then(() => this.handle(session, raw, item, receivedAt))
        .catch((err: unknown) =>
          this.deps.log.error({ err, remote: session.remote }, 'station packet handling failed'),
        );
    }
  }

  /** No longer counted among the unproven connections (it proved itself, or it is gone). */
  private proven(session: Session): void {
    if (!this.unproven.delete(session)) return;
    const count = (this.unprovenByAddress.get(session.address) ?? 1) - 1;
    if (count > 0) this.unprovenByAddress.set(session.address, count);
    else this.unprovenByAddress.delete(session.address);
  }

  private frameError(session: Session, item: Extract<FrameDecoderItem, { kind: 'error' }>): void {
    const details = { remote: session.remote, ...item.error, skipped: item.skipped };
    if (item.error.code === 'GARBAGE') {
      this.deps.log.debug(details, 'station stream resynchronised');
      return;
    }
    const unlogged = this.packetLog.take(`frame ${session.address}`);
    if (unlogged !== null) this.deps.log.warn({ ...details, unlogged }, 'station stream resynchronised');
  }

  private async handle(
    session: Session,
    raw: string,
    item: Extract<FrameDecoderItem, { kind: 'packet' }>,
    receivedAt: number,
  ): Promise<void> {
    const { remote } = session;
    const result = await this.reparseForStation(raw, item.result);
    if (!result.ok) {
      const { code, detail } = result.error;
      this.reject(
        session,
        { receivedAt, remote, raw, mn: rawField(raw, 'MN'), cn: rawField(raw, 'CN'), qn: rawField(raw, 'QN') },
        `${code}: ${detail}`,
      );
      return;
    }
    const m = result.message;
    const header = { receivedAt, remote, raw, mn: m.mn ?? null, cn: m.cn, qn: m.qn ?? null };
    if (!m.mn) return this.reject(session, header, 'no MN');
    const station = await this.deps.directory.find(m.mn);
    if (!station) return this.reject(session, header, 'unknown MN');
    if (station.ifValid !== 1) return this.reject(session, header, 'device not valid');
    if (!this.passwordAccepted(session, station, m)) return this.reject(session, header, 'wrong PW');

    this.identify(session, station, m);
    this.commands.heard(station.deviceCode, m, raw);
    const device = { id: station.id, code: station.deviceCode, utcOffsetMinutes: station.utcOffsetMinutes };

    if (ANSWER_CNS.has(m.cn)) {
      this.commands.answer(station.deviceCode, m, raw);
      this.keep(session, { ...header, device, accepted: true, reason: null, data: null });
      return;
    }
    if (m.cn === '1013') {
      this.keep(session, { ...header, device, accepted: true, reason: null, data: null });
      writePacket(session, serialisePacket(notifyAnswer(m)));
      void this.calibrateTime(station);
      return;
    }

    const { data, reason, state } = packetData(m, station, receivedAt, this.assembler);
    // Written out rather than spread from the header: this runs for every upload.
    const packet: IngestPacket = {
      receivedAt,
      remote,
      raw,
      mn: header.mn,
      cn: header.cn,
      qn: header.qn,
      device,
      accepted: true,
      reason,
      data,
    };
    if (state) packet.state = state;
    const committed = storePacket(session, this.deps.pipeline, packet);
    if (m.flag?.ack && m.qn !== undefined) {
      // 9014 only once the packet (and its data) is committed; a failed write is not acknowledged, so the station resends.
      // The answer is made now, so that the wait holds it rather than the whole parsed upload.
      const answer = dataAnswer(m);
      committed.then(
        () => writePacket(session, serialisePacket(answer)),
        () => undefined,
      );
    }
  }

  /**
   * The stored password, or — on a connection that already proved itself — the password it proved
   * itself with: a password changed in the console reaches the station only with the next sync
   * (1072), whose answers still carry the old one. New connections need the stored password.
   */
  private passwordAccepted(session: Session, station: StationIdentity, m: Hj212Message): boolean {
    if (station.password === null || station.password === '' || m.pw === station.password) return true;
    return session.station?.id === station.id && session.link !== null && session.link.pw === m.pw;
  }

  /** A CRC mismatch from a station allowed the Modbus CRC is parsed again with it. */
  private async reparseForStation(raw: string, result: Hj212ParseResult): Promise<Hj212ParseResult> {
    if (result.ok || result.error.code !== 'CRC_MISMATCH') return result;
    const mn = rawField(raw, 'MN');
    const station = mn ? await this.deps.directory.find(mn) : null;
    return station?.acceptModbusCrc === 1 ? parsePacket(raw, { acceptModbusCrc: true }) : result;
  }

  private identify(session: Session, station: StationIdentity, m: Hj212Message): void {
    // A packet handled after its connection closed is still stored, but names no connection.
    if (session.socket.destroyed) return;
    session.lastAccepted = performance.now();
    if (!session.station) this.proven(session);
    const first = session.station?.id !== station.id;
    if (first && session.station) this.deps.tracker.closed(session.station.id);
    session.station = station;
    const version = m.flag?.version ?? 1;
    const link = session.link;
    // The same link while the station keeps its ST, PW and version (every upload comes through here).
    if (!link || link.mn !== station.deviceCode || link.st !== m.st || link.pw !== m.pw || link.version !== version) {
      session.link = {
        mn: station.deviceCode,
        st: m.st,
        pw: m.pw,
        version,
        write: (packet) => writePacket(session, packet),
      };
    }
    this.byStation.bind(station.deviceCode, session);
    this.deps.tracker.seen(
      { id: station.id, code: station.deviceCode, intervalTime: station.intervalTime },
      session.remote,
      first,
    );
  }

  private async calibrateTime(station: StationIdentity): Promise<void> {
    const outcome = await this.commands.send(
      station.deviceCode,
      { cn: '1012', cp: { SystemTime: formatHj212Time(this.deps.clock.now(), station.utcOffsetMinutes) } },
      this.commandOptions,
    );
    this.deps.log.info({ deviceCode: station.deviceCode, outcome }, 'station time set after its 1013 request');
  }

  /**
   * Counts a rejected packet; only a bounded sample is kept and logged (anyone who reaches the
   * gateway can send them), the rest are summarised per window by the ledger.
   */
  private reject(
    session: Session,
    packet: Omit<IngestPacket, 'device' | 'accepted' | 'reason' | 'data'>,
    reason: string,
  ): void {
    const keep = this.rejections.record(session.address, packet.mn, reason, packet.receivedAt);
    this.rejectionReport ??= setTimeout(() => {
      this.rejectionReport = undefined;
      this.rejections.flush();
    }, this.rejections.windowMs).unref();
    const unlogged = this.packetLog.take(`rejected ${session.address} ${packet.mn ?? ''}`);
    if (unlogged !== null) {
      this.deps.log.warn(
        { remote: session.remote, mn: packet.mn, cn: packet.cn, reason, unlogged },
        'station packet rejected',
      );
    }
    if (!keep) return;
    const raw = this.rejections.keptRaw(packet.raw);
    this.keep(session, { ...packet, raw, device: null, accepted: false, reason, data: null });
    this.deps.bus.publish('packet.rejected', {
      mn: packet.mn,
      cn: packet.cn,
      remote: session.remote,
      reason,
      at: packet.receivedAt,
    });
  }

  private reportRejections(summary: RejectionSummary): void {
    this.deps.log.warn(summary, 'station packets rejected since the window began (counts per remote and MN)');
  }

  /** Stores a packet nobody waits on; a failed write is logged by the pipeline. */
  private keep(session: Session, packet: IngestPacket): void {
    storePacket(session, this.deps.pipeline, packet).catch(() => undefined);
  }
}
