import {
  DAY_MS,
  type ForwardCn,
  type ForwardErrorKind,
  HOUR_MS,
  MINUTE_MS,
  SECOND_MS,
  TRANSFER_FORMAT_LIMITS,
} from '@envmon/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  Database,
  ForwardQueueTable,
  MeasurementKind,
  UpstreamDevicesTable,
  UpstreamsTable,
} from '../../db/schema.js';
import { parseCns } from './transfer-format.mapper.js';

/** An upload to forward: which upstream device, its kind and data time (its values are read when it is sent). */
export interface ForwardItem {
  upstreamDeviceId: number;
  cn: string;
  dataTime: number;
}

/**
 * The queue items of one stored upload: one per upstream device that takes this CN from this device, from its
 * fromTime on.
 */
export function itemsFor(
  targets: readonly ForwardTargetRow[],
  deviceId: number,
  cn: ForwardCn,
  dataTime: number,
): ForwardItem[] {
  return targets
    .filter(
      (t) => t.deviceId === deviceId && parseCns(t.cns).includes(cn) && (t.fromTime === null || dataTime >= t.fromTime),
    )
    .map((t) => ({ upstreamDeviceId: t.id, cn, dataTime }));
}

export type ForwardQueueRow = Selectable<ForwardQueueTable>;

/**
 * Why forwarding to an upstream device stopped: the kind (the screen words it in the reader's language) and the
 * detail (the OS error, the QnRtn and its reason, …).
 */
export interface ForwardError {
  kind: ForwardErrorKind;
  detail: string;
}

/** What a drain did for one upstream device since the last write (`ForwardQueueRepository.record`). */
export interface DrainRecord {
  upstreamDeviceId: number;
  /** Packets sent, each with its QN. */
  sent: { row: ForwardQueueRow; qn: string }[];
  /** Rows the upstream has: acknowledged, or sent when no answer is asked for (`acknowledged` false). */
  delivered: ForwardQueueRow[];
  acknowledged: boolean;
  clearError: boolean;
}

/** A stored measurement of an upload, as the forwarder reads it. */
export interface StoredValue {
  factorCode: string;
  value: number | null;
  min: number | null;
  max: number | null;
  cou: number | null;
  flag: string | null;
  quality: string;
  auditState: string | null;
  auditValue: number | null;
}

/** An enabled device of an enabled upstream, with what forwarding it needs. */
export type ForwardTargetRow = Selectable<UpstreamDevicesTable> & {
  deviceCode: string;
  utcOffsetMinutes: number;
  upstream: Selectable<UpstreamsTable>;
};

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT, IN list or CASE: well inside both dialects' bound-parameter limits. */
const ROWS_PER_STATEMENT = 500;

/** A kind's shortest period, and how many missing periods a range read of stored values may step over. */
const PERIOD_MS: Record<MeasurementKind, number> = {
  rtd: 10 * SECOND_MS,
  min: MINUTE_MS,
  hour: HOUR_MS,
  day: DAY_MS,
  month: 28 * DAY_MS,
  year: 365 * DAY_MS,
};
const RUN_GAP_PERIODS = 64;

/** How long an upstream device's queue count is trusted for the bound (other processes may queue meanwhile). */
const BOUND_RECOUNT_MS = 5000;

/**
 * The durable forward queue (issue 20): per upstream × device, what to send in order (by id); a row is deleted
 * once the upstream acknowledged it (or it was sent when no answer is asked for), so the table is the backlog.
 * Bounded per upstream × device: the oldest beyond the bound are dropped and counted in the status.
 */
export class ForwardQueueRepository {
  /** Per upstream device: at most how many rows its queue holds, counted at `at` and added to since. */
  private readonly counts = new Map<number, { count: number; at: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly bound: number = TRANSFER_FORMAT_LIMITS.queuePerDevice,
  ) {}

  /** The enabled devices of the enabled upstreams. */
  async targets(): Promise<ForwardTargetRow[]> {
    const rows = await this.db
      .selectFrom('upstreamDevices')
      .innerJoin('upstreams', 'upstreams.id', 'upstreamDevices.upstreamId')
      .innerJoin('devices', 'devices.id', 'upstreamDevices.deviceId')
      .selectAll('upstreamDevices')
      .select(['devices.deviceCode', 'devices.utcOffsetMinutes'])
      .where('upstreamDevices.enabled', '=', 1)
      .where('upstreams.enabled', '=', 1)
      .orderBy('upstreamDevices.id')
      .execute();
    if (rows.length === 0) return [];
    const upstreams = new Map(
      (
        await this.db
          .selectFrom('upstreams')
          .selectAll()
          .where(
            'id',
            'in',
            rows.map((r) => r.upstreamId),
          )
          .execute()
      ).map((u) => [u.id, u]),
    );
    return rows.map((row) => ({ ...row, upstream: upstreams.get(row.upstreamId)! }));
  }

  /**
   * Queues uploads (one already waiting is not queued twice), then drops what lies beyond the bound, oldest first.
   * Answers how many were dropped. The bound is looked at only when an upstream device's queue may have reached it
   * (its last count plus what was queued since), or when that count is older than `BOUND_RECOUNT_MS` (another
   * process may have queued too), so live data is queued without counting a backlog each time.
   */
  async enqueue(items: readonly ForwardItem[], now: number): Promise<number> {
    if (items.length === 0) return 0;
    const added = new Map<number, number>();
    for (const item of items) added.set(item.upstreamDeviceId, (added.get(item.upstreamDeviceId) ?? 0) + 1);
    return this.db.transaction().execute(async (trx) => {
      for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('forwardQueue')
          .values(items.slice(i, i + ROWS_PER_STATEMENT).map((item) => ({ ...item, enqueueTime: now })))
          .onConflict((oc) => oc.columns(['upstreamDeviceId', 'cn', 'dataTime']).doNothing())
          .execute();
      }
      let dropped = 0;
      for (const [id, n] of added) {
        const known = this.counts.get(id);
        if (known && known.count + n <= this.bound && now - known.at < BOUND_RECOUNT_MS) {
          known.count += n;
          continue;
        }
        const { count } = await trx
          .selectFrom('forwardQueue')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('upstreamDeviceId', '=', id)
          .executeTakeFirstOrThrow();
        const over = Number(count) - this.bound;
        this.counts.set(id, { count: Math.min(Number(count), this.bound), at: now });
        if (over <= 0) continue;
        const edge = await trx
          .selectFrom('forwardQueue')
          .select('id')
          .where('upstreamDeviceId', '=', id)
          .orderBy('id')
          .offset(over - 1)
          .limit(1)
          .executeTakeFirstOrThrow();
        const { numDeletedRows } = await trx
          .deleteFrom('forwardQueue')
          .where('upstreamDeviceId', '=', id)
          .where('id', '<=', edge.id)
          .executeTakeFirst();
        const gone = Number(numDeletedRows);
        dropped += gone;
        await this.bump(trx, id, { dropped: gone });
      }
      return dropped;
    });
  }

  /** The next uploads of one upstream device, in order: ids after `after` and, when given, before `before`. */
  next(upstreamDeviceId: number, limit: number, after = 0, before?: number): Promise<ForwardQueueRow[]> {
    let query = this.db
      .selectFrom('forwardQueue')
      .selectAll()
      .where('upstreamDeviceId', '=', upstreamDeviceId)
      .where('id', '>', after);
    if (before !== undefined) query = query.where('id', '<', before);
    return query.orderBy('id').limit(limit).execute();
  }

  /**
   * Where the live part of an upstream device's queue begins: the first id of the newest rows queued at or after
   * `since` (ids grow with the queueing time). Past the newest row when none is that recent; 0 when the queue is
   * empty (whatever comes is live).
   */
  async liveFrom(upstreamDeviceId: number, since: number): Promise<number> {
    const chunk = 256;
    let from = 0;
    let before: number | null = null;
    for (;;) {
      let query = this.db
        .selectFrom('forwardQueue')
        .select(['id', 'enqueueTime'])
        .where('upstreamDeviceId', '=', upstreamDeviceId);
      if (before !== null) query = query.where('id', '<', before);
      const rows = await query.orderBy('id', 'desc').limit(chunk).execute();
      for (const row of rows) {
        if (row.enqueueTime < since) return from === 0 ? row.id + 1 : from;
        from = row.id;
      }
      if (rows.length < chunk) return from;
      before = rows.at(-1)!.id;
    }
  }

  /** The stored values of one upload, with their audit (the forwarder decides audited or raw). */
  async values(deviceId: number, kind: MeasurementKind, dataTime: number): Promise<StoredValue[]> {
    return (await this.valuesAt(deviceId, kind, [dataTime])).get(dataTime) ?? [];
  }

  /**
   * The stored values of many uploads of one kind at once, by data time (a data time with none is absent). Read
   * as ranges of data times (a round's are mostly consecutive periods), not a list: PostgreSQL may answer a long
   * IN list by scanning all of a device's values of the kind, a range by the primary key.
   */
  async valuesAt(
    deviceId: number,
    kind: MeasurementKind,
    dataTimes: readonly number[],
  ): Promise<Map<number, StoredValue[]>> {
    const wanted = new Set(dataTimes);
    const runs: [number, number][] = [];
    for (const t of [...wanted].sort((a, b) => a - b)) {
      const run = runs.at(-1);
      if (run && t - run[1] <= RUN_GAP_PERIODS * PERIOD_MS[kind]) run[1] = t;
      else runs.push([t, t]);
    }
    const byTime = new Map<number, StoredValue[]>();
    for (const [from, to] of runs) {
      const rows = await this.db
        .selectFrom('measurements')
        .select(['dataTime', 'factorCode', 'value', 'min', 'max', 'cou', 'flag', 'quality', 'auditState', 'auditValue'])
        .where('deviceId', '=', deviceId)
        .where('kind', '=', kind)
        .where('dataTime', '>=', from)
        .where('dataTime', '<=', to)
        .orderBy('dataTime')
        .orderBy('factorCode')
        .execute();
      for (const { dataTime, ...value } of rows) {
        if (!wanted.has(dataTime)) continue;
        const list = byTime.get(dataTime);
        if (list) list.push(value as StoredValue);
        else byTime.set(dataTime, [value as StoredValue]);
      }
    }
    return byTime;
  }

  /** The data times of one kind a device has stored in a range (both ends included), in order. */
  async storedTimes(
    deviceId: number,
    kind: MeasurementKind,
    from: number,
    to: number,
    limit: number,
  ): Promise<number[]> {
    const rows = await this.db
      .selectFrom('measurements')
      .select('dataTime')
      .distinct()
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '>=', from)
      .where('dataTime', '<=', to)
      .orderBy('dataTime')
      .limit(limit)
      .execute();
    return rows.map((r) => r.dataTime);
  }

  /** Uploads with nothing left to send (their values are gone): off the queue, uncounted. */
  async discard(rows: readonly ForwardQueueRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      const ids = rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => r.id);
      await this.db.deleteFrom('forwardQueue').where('id', 'in', ids).execute();
    }
  }

  /**
   * What drains did, written in one transaction: per upstream device, `sent` the packets sent (each with its QN,
   * which the 9014 answers), `delivered` those the upstream has (acknowledged, or sent when no answer is asked for)
   * — off the queue; the rest keep their attempt (count, QN, time) and stay. The status counts both and notes the
   * newest data time delivered; `clearError` clears the last error (a delivery after a failure).
   */
  async record(records: readonly DrainRecord[], now: number): Promise<void> {
    const work = records.filter((r) => r.sent.length > 0 || r.delivered.length > 0);
    if (work.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const record of work) await this.recordOne(trx, record, now);
    });
  }

  private async recordOne(trx: Db, record: DrainRecord, now: number): Promise<void> {
    const { upstreamDeviceId, sent, delivered } = record;
    const gone = new Set(delivered.map((r) => r.id));
    const kept = sent.filter((s) => !gone.has(s.row.id));
    for (let i = 0; i < kept.length; i += ROWS_PER_STATEMENT) {
      const chunk = kept.slice(i, i + ROWS_PER_STATEMENT);
      await trx
        .updateTable('forwardQueue')
        .set((eb) => {
          let qn = eb.case('id').when(chunk[0]!.row.id).then(chunk[0]!.qn);
          for (const s of chunk.slice(1)) qn = qn.when(s.row.id).then(s.qn);
          return { qn: qn.end(), sendTime: now, attempts: eb('attempts', '+', 1) };
        })
        .where(
          'id',
          'in',
          chunk.map((s) => s.row.id),
        )
        .execute();
    }
    for (let i = 0; i < delivered.length; i += ROWS_PER_STATEMENT) {
      const ids = delivered.slice(i, i + ROWS_PER_STATEMENT).map((r) => r.id);
      await trx.deleteFrom('forwardQueue').where('id', 'in', ids).execute();
    }
    const done = record.acknowledged ? delivered.length : 0;
    await this.bump(
      trx,
      upstreamDeviceId,
      { sent: sent.length, acknowledged: done },
      {
        ...(sent.length > 0 ? { lastSendTime: now } : {}),
        ...(done > 0 ? { lastAckTime: now } : {}),
        ...(record.clearError ? { lastError: null, lastErrorKind: null, lastErrorTime: null } : {}),
      },
    );
    if (delivered.length === 0) return;
    const newest = Math.max(...delivered.map((r) => r.dataTime));
    await trx
      .updateTable('forwardStatus')
      .set({ lastDataTime: newest })
      .where('upstreamDeviceId', '=', upstreamDeviceId)
      .where((eb) => eb.or([eb('lastDataTime', 'is', null), eb('lastDataTime', '<', newest)]))
      .execute();
  }

  async setConnected(upstreamDeviceId: number, connected: boolean, nodeId: string | null): Promise<void> {
    await this.bump(this.db, upstreamDeviceId, {}, { connected: connected ? 1 : 0, nodeId });
  }

  /** The last error (null clears it, as after a successful delivery the screen should stop showing an old one). */
  async recordError(upstreamDeviceId: number, error: ForwardError | null, now: number): Promise<void> {
    await this.bump(
      this.db,
      upstreamDeviceId,
      {},
      {
        lastError: error?.detail ?? null,
        lastErrorKind: error?.kind ?? null,
        lastErrorTime: error === null ? null : now,
      },
    );
  }

  /** Adds to the status counters and sets fields, making the status row when there is none yet. */
  private async bump(
    db: Db,
    upstreamDeviceId: number,
    add: Partial<Record<'sent' | 'acknowledged' | 'dropped', number>>,
    set: {
      connected?: number;
      nodeId?: string | null;
      lastError?: string | null;
      lastErrorKind?: string | null;
      lastErrorTime?: number | null;
      lastSendTime?: number;
      lastAckTime?: number;
    } = {},
  ): Promise<void> {
    await db
      .insertInto('forwardStatus')
      .values({ upstreamDeviceId })
      .onConflict((oc) => oc.column('upstreamDeviceId').doNothing())
      .execute();
    const counters = Object.entries(add).filter(([, n]) => n !== 0) as ['sent' | 'acknowledged' | 'dropped', number][];
    if (counters.length === 0 && Object.keys(set).length === 0) return;
    await db
      .updateTable('forwardStatus')
      .set((eb) => ({
        ...set,
        ...Object.fromEntries(counters.map(([column, n]) => [column, eb(column, '+', n)])),
      }))
      .where('upstreamDeviceId', '=', upstreamDeviceId)
      .execute();
  }
}
