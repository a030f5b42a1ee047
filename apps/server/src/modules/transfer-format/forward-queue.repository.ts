import { TRANSFER_FORMAT_LIMITS } from '@envmon/shared';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  Database,
  ForwardQueueTable,
  MeasurementKind,
  UpstreamDevicesTable,
  UpstreamsTable,
} from '../../db/schema.js';

/** An upload to forward: which upstream device, its kind and data time (its values are read when it is sent). */
export interface ForwardItem {
  upstreamDeviceId: number;
  cn: string;
  dataTime: number;
}

export type ForwardQueueRow = Selectable<ForwardQueueTable>;

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

/**
 * The durable forward queue (issue 20): per upstream × device, what to send in order (by id); a row is deleted
 * once the upstream acknowledged it (or it was sent when no answer is asked for), so the table is the backlog.
 * Bounded per upstream × device: the oldest beyond the bound are dropped and counted in the status.
 */
export class ForwardQueueRepository {
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
   * Answers how many were dropped.
   */
  async enqueue(items: readonly ForwardItem[], now: number): Promise<number> {
    if (items.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('forwardQueue')
        .values(items.map((item) => ({ ...item, enqueueTime: now })))
        .onConflict((oc) => oc.columns(['upstreamDeviceId', 'cn', 'dataTime']).doNothing())
        .execute();
      let dropped = 0;
      for (const id of new Set(items.map((item) => item.upstreamDeviceId))) {
        const edge = await trx
          .selectFrom('forwardQueue')
          .select('id')
          .where('upstreamDeviceId', '=', id)
          .orderBy('id', 'desc')
          .offset(this.bound)
          .limit(1)
          .executeTakeFirst();
        if (!edge) continue;
        const { numDeletedRows } = await trx
          .deleteFrom('forwardQueue')
          .where('upstreamDeviceId', '=', id)
          .where('id', '<=', edge.id)
          .executeTakeFirst();
        const n = Number(numDeletedRows);
        dropped += n;
        await this.bump(trx, id, { dropped: n });
      }
      return dropped;
    });
  }

  /** The next uploads of one upstream device, in order. */
  next(upstreamDeviceId: number, limit: number): Promise<ForwardQueueRow[]> {
    return this.db
      .selectFrom('forwardQueue')
      .selectAll()
      .where('upstreamDeviceId', '=', upstreamDeviceId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The stored values of one upload, with their audit (the forwarder decides audited or raw). */
  values(deviceId: number, kind: MeasurementKind, dataTime: number): Promise<StoredValue[]> {
    return this.db
      .selectFrom('measurements')
      .select(['factorCode', 'value', 'min', 'max', 'cou', 'flag', 'quality', 'auditState', 'auditValue'])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '=', dataTime)
      .orderBy('factorCode')
      .execute() as Promise<StoredValue[]>;
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

  /** An upload with nothing left to send (its values are gone): off the queue, uncounted. */
  async discard(row: ForwardQueueRow): Promise<void> {
    await this.db.deleteFrom('forwardQueue').where('id', '=', row.id).execute();
  }

  /** An attempt: its QN (which the 9014 answers) and time. */
  async markSent(row: ForwardQueueRow, qn: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('forwardQueue')
        .set((eb) => ({ qn, sendTime: now, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      await this.bump(trx, row.upstreamDeviceId, { sent: 1 }, { lastSendTime: now });
    });
  }

  /** The upstream has it (acknowledged, or sent when no answer is asked for): off the queue. */
  async delivered(row: ForwardQueueRow, now: number, acknowledged: boolean): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('forwardQueue').where('id', '=', row.id).execute();
      await this.bump(
        trx,
        row.upstreamDeviceId,
        { acknowledged: acknowledged ? 1 : 0 },
        acknowledged ? { lastAckTime: now } : {},
      );
      await trx
        .updateTable('forwardStatus')
        .set({ lastDataTime: row.dataTime })
        .where('upstreamDeviceId', '=', row.upstreamDeviceId)
        .where((eb) => eb.or([eb('lastDataTime', 'is', null), eb('lastDataTime', '<', row.dataTime)]))
        .execute();
    });
  }

  async setConnected(upstreamDeviceId: number, connected: boolean, nodeId: string | null): Promise<void> {
    await this.bump(this.db, upstreamDeviceId, {}, { connected: connected ? 1 : 0, nodeId });
  }

  /** The last error (null clears it, as after a successful delivery the screen should stop showing an old one). */
  async recordError(upstreamDeviceId: number, error: string | null, now: number): Promise<void> {
    await this.bump(this.db, upstreamDeviceId, {}, { lastError: error, lastErrorTime: error === null ? null : now });
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
