import {
  type AuditState,
  auditedReading,
  type FactorMapping,
  type ForwardCn,
  type UpstreamProtocol,
} from '@envmon/shared';
import type { MeasurementKind } from '../../db/schema.js';
import type { DomainEvents } from '../../events/bus.js';
import { QnGenerator } from '../../gateway/station-time.js';
import type { Clock } from '../../lib/clock.js';
import { encodeForward, type ForwardTarget, type ForwardValue } from './forward-packet.js';
import {
  type DrainRecord,
  type ForwardError,
  type ForwardItem,
  type ForwardQueueRepository,
  type ForwardQueueRow,
  type ForwardTargetRow,
  itemsFor,
  type StoredValue,
} from './forward-queue.repository.js';
import { isStateCn, type StateUploads } from './forward-state.js';
import { parseFactors } from './transfer-format.mapper.js';
import { type DeliveryOutcome, type LinkPolicy, type Outgoing, SEND_WINDOW, UpstreamLink } from './upstream-link.js';
import { answerPacket, backfillRange, timeUpload } from './upstream-requests.js';
import type { Hj212Message } from '@envmon/hj212';

/** The stored data kind of each forwarded upload CN, and back. */
const KIND_OF_CN: Partial<Record<ForwardCn, MeasurementKind>> = {
  '2011': 'rtd',
  '2051': 'min',
  '2061': 'hour',
  '2031': 'day',
};
const CN_OF_KIND: Partial<Record<MeasurementKind, ForwardCn>> = { rtd: '2011', min: '2051', hour: '2061', day: '2031' };

/** Most periods one backfill request is answered with (a year of hours). */
const BACKFILL_MAX = 9000;

/**
 * Queue rows read and encoded at once while a backlog drains: one window's worth, so live data queued meanwhile
 * waits at most about two windows of a link (the round being sent and the one read ahead) for its turn.
 */
const ROUND_ROWS = SEND_WINDOW;

/**
 * How long one drain reads new rounds. Under steady live data the queue is never found empty, so a drain ends after
 * a slice (its state is reported, a settings change takes effect) and the forwarding service starts the next.
 */
const DRAIN_SLICE_MS = 2000;

/** Rows queued this recently when a drain begins are live data: sent before the older backlog. */
export const LIVE_MS = 10_000;

/**
 * What the links sent and delivered is written in one transaction for all upstream devices once FLUSH_ROWS packets
 * are waiting or FLUSH_MS after the first: few enough transactions not to hold up ingest's writes, soon enough that
 * a crash resends only a few acknowledged uploads.
 */
const FLUSH_ROWS = 1000;
const FLUSH_MS = 25;

/** A packet of a round, and the queue row it comes from. */
interface Sendable extends Outgoing {
  row: ForwardQueueRow;
}

/**
 * What the drains sent and delivered, written in batches (one transaction for every upstream device per FLUSH_ROWS
 * packets or FLUSH_MS), one batch at a time; a drain's first batch with a delivery also clears the device's last
 * error. A crash between an acknowledgement and its batch can only resend those few uploads (an envmon upstream
 * overwrites them with the same values).
 */
class Deliveries {
  private pending = new Map<number, DrainRecord>();
  private count = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private error: unknown = null;
  /** Upstream devices whose drain has yet to clear the last error (with its first delivery). */
  private readonly uncleared = new Set<number>();

  constructor(
    private readonly queue: ForwardQueueRepository,
    private readonly clock: Clock,
  ) {}

  /** A drain begins. */
  begin(upstreamDeviceId: number): void {
    this.uncleared.add(upstreamDeviceId);
  }

  /** A packet's outcome: sent (unless the link was gone first), and delivered or not. */
  add(upstreamDeviceId: number, acknowledged: boolean, item: Sendable, outcome: DeliveryOutcome): void {
    let record = this.pending.get(upstreamDeviceId);
    if (!record) {
      record = { upstreamDeviceId, sent: [], delivered: [], acknowledged, clearError: false };
      this.pending.set(upstreamDeviceId, record);
    }
    if (outcome.attempts > 0) record.sent.push({ row: item.row, qn: item.qn });
    if (outcome.kind === 'acknowledged' || outcome.kind === 'sent') {
      record.delivered.push(item.row);
      if (this.uncleared.delete(upstreamDeviceId)) record.clearError = true;
    }
    if (++this.count >= FLUSH_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Writes what is waiting; rejects with a write that failed since the last call. */
  async settle(): Promise<void> {
    this.flush();
    await this.writing;
    const error = this.error;
    this.error = null;
    if (error !== null) throw error as Error;
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.size === 0) return;
    const records = [...this.pending.values()];
    this.pending = new Map();
    this.count = 0;
    this.writing = this.writing
      .then(() => this.queue.record(records, this.clock.now()))
      .catch((err: unknown) => {
        this.error ??= err;
      });
  }
}

/** Why a drain stopped: all sent, or the upstream could not take more now. */
export type DrainResult = 'drained' | 'unreachable' | 'timeout' | 'refused' | 'closed';

const QN_RTN_REASONS: Record<number, string> = {
  2: 'rejected',
  3: 'PW error',
  4: 'MN error',
  5: 'ST error',
  6: 'Flag error',
  7: 'QN error',
  8: 'CN error',
  9: 'CRC error',
};

/**
 * A stored value as an upstream gets it: the audited value (one audited invalid is not sent) or the value as
 * stored. Null when nothing is sent.
 */
export function forwardValue(stored: StoredValue, source: 'audited' | 'raw'): ForwardValue | null {
  if (source === 'raw') return { ...stored };
  if (stored.auditState === 'invalid') return null;
  const { value } = auditedReading({ ...stored, auditState: stored.auditState as AuditState | null });
  return { ...stored, value };
}

/** What one upstream device needs to encode, from its stored row. */
function targetOf(row: ForwardTargetRow): ForwardTarget & { factors: FactorMapping[] } {
  return {
    protocol: row.upstream.protocol as UpstreamProtocol,
    st: row.upstream.st,
    upstreamMn: row.upstreamMn,
    upstreamPassword: row.upstreamPassword,
    ackRequired: row.upstream.ackRequired === 1,
    factors: parseFactors(row.factors),
    utcOffsetMinutes: row.utcOffsetMinutes,
  };
}

/**
 * Store and forward (issue 20): stored uploads are queued per upstream × device (`received`), and `drain` sends
 * one upstream device's backlog in order over its own link, an upload off the queue only once the upstream has it.
 * Not yet wired as a service: the scheduling, election and requests of the upstream are the next steps.
 */
export class Forwarder {
  private targets: ForwardTargetRow[] = [];
  private readonly links = new Map<number, UpstreamLink>();
  /**
   * QNs per upstream device (a QN is unique per MN): a drain takes one per packet, thousands a second, and a QN is a
   * millisecond time, so one generator for every link would run ahead of the clock the sum of their rates.
   */
  private readonly qns = new Map<number, QnGenerator>();
  private readonly deliveries: Deliveries;
  /** The rounds being read, one after the other (`inTurn`). */
  private turns: Promise<void> = Promise.resolve();
  /** Uploads waiting for this turn's enqueue transaction (`enqueue`), and that transaction. */
  private toQueue: ForwardItem[] = [];
  private queueing: Promise<void> | null = null;
  /** The error of the drain under way, per upstream device… */
  private readonly errors = new Map<number, ForwardError>();
  /** …and the state last reported (null: forwarding; else kind and detail), so a change is reported once. */
  private readonly reported = new Map<number, string | null>();
  /** Where queued state uploads are read from (forward-state.ts); none: they are dropped as having nothing to send. */
  states: StateUploads | null = null;

  constructor(
    private readonly queue: ForwardQueueRepository,
    private readonly clock: Clock,
    private readonly nodeId: string,
    private readonly connectTimeoutMs = 5000,
    /** Hears an upstream device's state when it changes: null forwarding, otherwise why not. */
    private readonly onStatus: (target: ForwardTargetRow, error: ForwardError | null) => Promise<void> = () =>
      Promise.resolve(),
  ) {
    this.deliveries = new Deliveries(queue, clock);
  }

  /** Re-reads the upstream devices (after a settings change); links of those gone or changed are closed. */
  async reload(): Promise<void> {
    this.targets = await this.queue.targets();
    for (const [id, link] of this.links) {
      link.close();
      this.links.delete(id);
    }
  }

  get upstreamDevices(): readonly ForwardTargetRow[] {
    return this.targets;
  }

  /** Queues a stored upload for every upstream that takes its kind from this device. */
  async received(event: DomainEvents['data.received']): Promise<void> {
    const cn = CN_OF_KIND[event.kind];
    if (cn === undefined) return;
    const items = itemsFor(this.targets, event.deviceId, cn, event.dataTime);
    await this.enqueue(items);
  }

  /**
   * Queues items together with those of the same turn of the event loop, in one transaction: ingest announces a
   * whole batch of packets at once, and one transaction per packet would cost more than the forwarding. Data and
   * state uploads both come this way, so they are queued (and sent) in the order ingest announced them. Resolves
   * once its batch is queued.
   */
  enqueue(items: readonly ForwardItem[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    this.toQueue.push(...items);
    this.queueing ??= new Promise((resolve) => setImmediate(resolve)).then(async () => {
      const batch = this.toQueue;
      this.toQueue = [];
      this.queueing = null;
      await this.queue.enqueue(batch, this.clock.now());
    });
    return this.queueing;
  }

  /**
   * Sends one upstream device's backlog until it is empty or the upstream stops taking it: what was queued in the
   * last `LIVE_MS` first, then the older backlog, each oldest first (`rounds`), a window of packets in flight.
   */
  async drain(target: ForwardTargetRow, batch = ROUND_ROWS): Promise<DrainResult> {
    this.errors.delete(target.id);
    const result = await this.drainBacklog(target, batch);
    // What the screen and the operation log show: forwarding, or why not.
    const state = result === 'drained' ? null : (this.errors.get(target.id) ?? { kind: result, detail: '' });
    const key = state === null ? null : `${state.kind}\n${state.detail}`;
    if (this.reported.get(target.id) !== key) {
      this.reported.set(target.id, key);
      await this.onStatus(target, state);
    }
    return result;
  }

  private async drainBacklog(target: ForwardTargetRow, batch: number): Promise<DrainResult> {
    const link = await this.linkFor(target);
    if (!link) return 'unreachable';
    const encoding = targetOf(target);
    this.deliveries.begin(target.id);
    const failure = await link.sendAll(this.rounds(target, encoding, batch), encoding.ackRequired, (item, outcome) =>
      this.deliveries.add(target.id, encoding.ackRequired, item, outcome),
    );
    await this.deliveries.settle();
    if (failure === null) return 'drained';
    const now = this.clock.now();
    switch (failure.kind) {
      case 'refused':
        // The detail begins with the QnRtn: the screen words the refusal from it.
        await this.failed(
          target,
          { kind: 'refused', detail: `QnRtn ${failure.qnRtn} (${QN_RTN_REASONS[failure.qnRtn] ?? 'unknown error'})` },
          now,
        );
        return 'refused';
      case 'timeout':
        await this.failed(target, { kind: 'timeout', detail: `after ${failure.attempts} sends` }, now);
        return 'timeout';
      case 'closed':
        this.links.delete(target.id);
        await this.queue.setConnected(target.id, false, this.nodeId);
        await this.failed(target, { kind: 'closed', detail: failure.error }, now);
        return 'closed';
    }
  }

  /**
   * One upstream device's queue as rounds of encoded packets: each round the rows queued since the drain began
   * or in the `LIVE_MS` before (live data), then rows of the older backlog up to the round's size, both oldest
   * first, so a long backlog does not hold up what stations send now. The next round is read while this one is
   * sent; a round's values are read in one query per kind.
   */
  private async *rounds(
    target: ForwardTargetRow,
    encoding: ForwardTarget,
    size: number,
  ): AsyncGenerator<readonly Sendable[]> {
    const liveFrom = await this.queue.liveFrom(target.id, this.clock.now() - LIVE_MS);
    let afterLive = liveFrom - 1;
    let afterBacklog = 0;
    const readRound = async (): Promise<Sendable[] | null> => {
      const live = await this.queue.next(target.id, size, afterLive);
      afterLive = live.at(-1)?.id ?? afterLive;
      const backlog =
        live.length < size ? await this.queue.next(target.id, size - live.length, afterBacklog, liveFrom) : [];
      afterBacklog = backlog.at(-1)?.id ?? afterBacklog;
      if (live.length + backlog.length === 0) return null;
      return this.encodeRound(target, encoding, [...live, ...backlog]);
    };
    const read = () => this.inTurn(readRound);
    const until = this.clock.now() + DRAIN_SLICE_MS;
    let next = read();
    for (;;) {
      const round = await next;
      if (round === null) return;
      const last = this.clock.now() >= until;
      if (!last) {
        next = read();
        // Not read when the drain stops early; its failure is the next drain's.
        next.catch(() => undefined);
      }
      yield round;
      if (last) return;
    }
  }

  /**
   * Runs `fn` after the rounds of the other links read before it, each after a turn of the event loop: reading and
   * encoding a round takes milliseconds of the one thread, and many links refilling at once would hold up the
   * stations' own packets (ingest) for all of them together.
   */
  private inTurn<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.turns.then(() => new Promise((resolve) => setImmediate(resolve))).then(fn);
    this.turns = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Rows encoded with fresh QNs; those with nothing to send leave the queue. */
  private async encodeRound(
    target: ForwardTargetRow,
    encoding: ForwardTarget,
    rows: readonly ForwardQueueRow[],
  ): Promise<Sendable[]> {
    const stored = new Map<MeasurementKind, Map<number, StoredValue[]>>();
    for (const kind of new Set(rows.flatMap((r) => KIND_OF_CN[r.cn as ForwardCn] ?? []))) {
      const times = rows.filter((r) => KIND_OF_CN[r.cn as ForwardCn] === kind).map((r) => r.dataTime);
      stored.set(kind, await this.queue.valuesAt(target.deviceId, kind, times));
    }
    const out: Sendable[] = [];
    const empty: ForwardQueueRow[] = [];
    for (const row of rows) {
      const kind = KIND_OF_CN[row.cn as ForwardCn];
      const values = kind === undefined ? undefined : (stored.get(kind)?.get(row.dataTime) ?? []);
      const upload = await this.upload(target, encoding, row.cn as ForwardCn, row.dataTime, values);
      if (upload) out.push({ ...upload, row });
      else empty.push(row);
    }
    await this.queue.discard(empty);
    return out;
  }

  close(): void {
    for (const link of this.links.values()) link.close();
    this.links.clear();
  }

  /** Closes the links to one upstream (this process no longer leads it); those to other upstreams stay. */
  closeUpstream(upstreamId: number): void {
    for (const target of this.targets) {
      if (target.upstreamId !== upstreamId) continue;
      this.links.get(target.id)?.close();
      this.links.delete(target.id);
    }
  }

  /**
   * One stored upload encoded for the upstream with a fresh QN; null when it has nothing to send. `preloaded`: its
   * values already read (a round reads them at once).
   */
  private async upload(
    target: ForwardTargetRow,
    encoding: ForwardTarget,
    cn: ForwardCn,
    dataTime: number,
    preloaded?: StoredValue[],
  ): Promise<{ qn: string; packet: string } | null> {
    // State uploads (2021/2041/2081) are stored packets, no values: forward-state.ts reads and encodes them.
    if (isStateCn(cn)) {
      return (await this.states?.upload(target, encoding, cn, dataTime, () => this.qn(target))) ?? null;
    }
    const kind = KIND_OF_CN[cn];
    const stored = preloaded ?? (kind === undefined ? [] : await this.queue.values(target.deviceId, kind, dataTime));
    const values = stored.flatMap((v) => forwardValue(v, target.valueSource === 'raw' ? 'raw' : 'audited') ?? []);
    if (values.length === 0) return null;
    const qn = this.qn(target);
    return { qn, packet: encodeForward({ cn, dataTime, values }, encoding, qn).packet };
  }

  /**
   * The upstream asks as a host asks a station (HJ212.md §11): a backfill (2051/2061/2031 with BeginTime and
   * EndTime) is accepted (9011 QnRtn 1), answered with the stored periods, each an upload as configured, and
   * closed with 9012 (ExeRtn 1, or 100 without data); a notification gets its 9013; anything else is refused
   * (9011 QnRtn 2) when it asks for an answer.
   */
  async answer(target: ForwardTargetRow, link: UpstreamLink, request: Hj212Message): Promise<void> {
    const encoding = targetOf(target);
    const range = backfillRange(request, target.utcOffsetMinutes);
    if (range === null) {
      switch (request.cn) {
        case '9013':
        case '9014':
          return;
        case '1011':
          // The time asked for: this platform's clock, on the station's.
          await link.send(answerPacket(request, '9011', { QnRtn: '1' }, encoding));
          await link.send(
            timeUpload(this.qn(target), encoding.st, this.clock.now(), target.utcOffsetMinutes, encoding),
          );
          await link.send(answerPacket(request, '9012', { ExeRtn: '1' }, encoding));
          return;
        case '1012':
          // Accepted, and the clock left alone: the platform keeps its own time (NTP), not an upstream's.
          await link.send(answerPacket(request, '9011', { QnRtn: '1' }, encoding));
          await link.send(answerPacket(request, '9012', { ExeRtn: '1' }, encoding));
          return;
        default:
          if (request.flag?.ack) await link.send(answerPacket(request, '9011', { QnRtn: '2' }, encoding));
          return;
      }
    }
    await link.send(answerPacket(request, '9011', { QnRtn: '1' }, encoding));
    const times = await this.queue.storedTimes(target.deviceId, range.kind, range.from, range.to, BACKFILL_MAX);
    let sent = 0;
    // A year of hours goes out as a backlog does: a window in flight, each round's values read at once.
    const rounds = this.backfillRounds(target, encoding, range, times);
    const failure = await link.sendAll(rounds, encoding.ackRequired, (_item, outcome) => {
      if (outcome.kind === 'acknowledged' || outcome.kind === 'sent') sent++;
    });
    // Stopped (refused, no answer, connection lost): no 9012, as a station that could not finish.
    if (failure !== null) return;
    await link.send(answerPacket(request, '9012', { ExeRtn: sent > 0 ? '1' : '100' }, encoding));
  }

  /** A fresh QN for an upstream device's packet. */
  private qn(target: ForwardTargetRow): string {
    let qns = this.qns.get(target.id);
    if (!qns) {
      qns = new QnGenerator(() => this.clock.now());
      this.qns.set(target.id, qns);
    }
    return qns.next();
  }

  /** The stored periods a backfill asked for, as rounds of encoded uploads. */
  private async *backfillRounds(
    target: ForwardTargetRow,
    encoding: ForwardTarget,
    range: { cn: ForwardCn; kind: MeasurementKind },
    times: readonly number[],
  ): AsyncGenerator<Outgoing[]> {
    for (let i = 0; i < times.length; i += ROUND_ROWS) {
      const chunk = times.slice(i, i + ROUND_ROWS);
      const stored = await this.queue.valuesAt(target.deviceId, range.kind, chunk);
      const round: Outgoing[] = [];
      for (const dataTime of chunk) {
        const upload = await this.upload(target, encoding, range.cn, dataTime, stored.get(dataTime) ?? []);
        if (upload) round.push(upload);
      }
      yield round;
    }
  }

  private async failed(target: ForwardTargetRow, error: ForwardError, now: number): Promise<void> {
    this.errors.set(target.id, error);
    await this.queue.recordError(target.id, error, now);
  }

  private async linkFor(target: ForwardTargetRow): Promise<UpstreamLink | null> {
    const known = this.links.get(target.id);
    if (known?.connected) return known;
    const policy: LinkPolicy = {
      overTimeMs: target.upstream.overTimeSeconds * 1000,
      reCount: target.upstream.reCount,
      connectTimeoutMs: this.connectTimeoutMs,
    };
    const link: UpstreamLink = new UpstreamLink(
      { host: target.upstream.host, port: target.upstream.port },
      policy,
      (request) => {
        this.answer(target, link, request).catch((err: unknown) =>
          this.queue
            .recordError(
              target.id,
              { kind: 'request', detail: `${request.cn}: ${(err as Error).message}` },
              this.clock.now(),
            )
            .catch(() => undefined),
        );
      },
    );
    try {
      await link.open();
    } catch (err) {
      await this.queue.setConnected(target.id, false, this.nodeId);
      await this.failed(target, { kind: 'unreachable', detail: (err as Error).message }, this.clock.now());
      return null;
    }
    this.links.set(target.id, link);
    await this.queue.setConnected(target.id, true, this.nodeId);
    return link;
  }
}
