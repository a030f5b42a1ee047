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
import type {
  ForwardQueueRepository,
  ForwardQueueRow,
  ForwardTargetRow,
  StoredValue,
} from './forward-queue.repository.js';
import { parseCns, parseFactors } from './transfer-format.mapper.js';
import { type LinkPolicy, UpstreamLink } from './upstream-link.js';
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
  private readonly qns: QnGenerator;
  /** The error of the drain under way, per upstream device… */
  private readonly errors = new Map<number, string>();
  /** …and the state last reported (null: forwarding), so a change is reported once. */
  private readonly reported = new Map<number, string | null>();

  constructor(
    private readonly queue: ForwardQueueRepository,
    private readonly clock: Clock,
    private readonly nodeId: string,
    private readonly connectTimeoutMs = 5000,
    /** Hears an upstream device's state when it changes: null forwarding, otherwise why not. */
    private readonly onStatus: (target: ForwardTargetRow, error: string | null) => Promise<void> = () =>
      Promise.resolve(),
  ) {
    this.qns = new QnGenerator(() => clock.now());
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
    const items = this.targets
      .filter(
        (t) =>
          t.deviceId === event.deviceId &&
          parseCns(t.cns).includes(cn) &&
          (t.fromTime === null || event.dataTime >= t.fromTime),
      )
      .map((t) => ({ upstreamDeviceId: t.id, cn, dataTime: event.dataTime }));
    await this.queue.enqueue(items, this.clock.now());
  }

  /** Sends one upstream device's backlog, oldest first, until it is empty or the upstream stops taking it. */
  async drain(target: ForwardTargetRow, batch = 200): Promise<DrainResult> {
    this.errors.delete(target.id);
    const result = await this.drainBacklog(target, batch);
    // What the screen and the operation log show: forwarding, or why not.
    const state = result === 'drained' ? null : (this.errors.get(target.id) ?? result);
    if (this.reported.get(target.id) !== state) {
      this.reported.set(target.id, state);
      await this.onStatus(target, state);
    }
    return result;
  }

  private async drainBacklog(target: ForwardTargetRow, batch: number): Promise<DrainResult> {
    const link = await this.linkFor(target);
    if (!link) return 'unreachable';
    const encoding = targetOf(target);
    let cleared = false;
    for (;;) {
      const rows = await this.queue.next(target.id, batch);
      if (rows.length === 0) return 'drained';
      for (const row of rows) {
        const outcome = await this.send(target, encoding, link, row);
        if (outcome !== 'delivered') return outcome;
        if (!cleared) {
          cleared = true;
          await this.queue.recordError(target.id, null, this.clock.now());
        }
      }
    }
  }

  close(): void {
    for (const link of this.links.values()) link.close();
    this.links.clear();
  }

  private async send(
    target: ForwardTargetRow,
    encoding: ForwardTarget,
    link: UpstreamLink,
    row: ForwardQueueRow,
  ): Promise<'delivered' | Exclude<DrainResult, 'drained' | 'unreachable'>> {
    const upload = await this.upload(target, encoding, row.cn as ForwardCn, row.dataTime);
    if (!upload) {
      await this.queue.discard(row);
      return 'delivered';
    }
    const { qn, packet } = upload;
    await this.queue.markSent(row, qn, this.clock.now());
    const outcome = await link.deliver(packet, qn, encoding.ackRequired);
    const now = this.clock.now();
    switch (outcome.kind) {
      case 'acknowledged':
      case 'sent':
        await this.queue.delivered(row, now, outcome.kind === 'acknowledged');
        return 'delivered';
      case 'refused':
        await this.failed(
          target,
          `refused: QnRtn ${outcome.qnRtn} (${QN_RTN_REASONS[outcome.qnRtn] ?? 'unknown error'})`,
          now,
        );
        return 'refused';
      case 'timeout':
        await this.failed(target, `no answer (9014) after ${outcome.attempts} sends`, now);
        return 'timeout';
      case 'closed':
        this.links.delete(target.id);
        await this.queue.setConnected(target.id, false, this.nodeId);
        await this.failed(target, `connection lost: ${outcome.error}`, now);
        return 'closed';
    }
  }

  /** One stored upload encoded for the upstream with a fresh QN; null when it has nothing to send. */
  private async upload(
    target: ForwardTargetRow,
    encoding: ForwardTarget,
    cn: ForwardCn,
    dataTime: number,
  ): Promise<{ qn: string; packet: string } | null> {
    const kind = KIND_OF_CN[cn];
    const stored = kind === undefined ? [] : await this.queue.values(target.deviceId, kind, dataTime);
    const values = stored.flatMap((v) => forwardValue(v, target.valueSource === 'raw' ? 'raw' : 'audited') ?? []);
    if (values.length === 0) return null;
    const qn = this.qns.next();
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
            timeUpload(this.qns.next(), encoding.st, this.clock.now(), target.utcOffsetMinutes, encoding),
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
    for (const dataTime of times) {
      const upload = await this.upload(target, encoding, range.cn, dataTime);
      if (!upload) continue;
      const outcome = await link.deliver(upload.packet, upload.qn, encoding.ackRequired);
      if (outcome.kind !== 'acknowledged' && outcome.kind !== 'sent') return;
      sent++;
    }
    await link.send(answerPacket(request, '9012', { ExeRtn: sent > 0 ? '1' : '100' }, encoding));
  }

  private async failed(target: ForwardTargetRow, message: string, now: number): Promise<void> {
    this.errors.set(target.id, message);
    await this.queue.recordError(target.id, message, now);
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
            .recordError(target.id, `request ${request.cn}: ${(err as Error).message}`, this.clock.now())
            .catch(() => undefined),
        );
      },
    );
    try {
      await link.open();
    } catch (err) {
      await this.queue.setConnected(target.id, false, this.nodeId);
      await this.failed(target, `cannot connect: ${(err as Error).message}`, this.clock.now());
      return null;
    }
    this.links.set(target.id, link);
    await this.queue.setConnected(target.id, true, this.nodeId);
    return link;
  }
}
