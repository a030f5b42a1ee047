import type { PageQuery } from '@envmon/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ForwardStatusTable, UpstreamDevicesTable, UpstreamsTable } from '../../db/schema.js';
import { containsText, selectPage } from '../../db/sql.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export type UpstreamRow = Selectable<UpstreamsTable> & { deviceCount: number };

export type UpstreamDeviceRow = Selectable<UpstreamDevicesTable> & {
  deviceName: string;
  deviceCode: string;
  queued: number;
} & Partial<Omit<Selectable<ForwardStatusTable>, 'upstreamDeviceId'>>;

/** An upstream's stored columns (the keys and time stamps aside). */
export type UpstreamColumns = Omit<Insertable<UpstreamsTable>, 'id' | 'createdBy' | 'createTime' | 'updateTime'>;

/** One device's stored settings for an upstream. */
export type UpstreamDeviceColumns = Omit<
  Insertable<UpstreamDevicesTable>,
  'id' | 'upstreamId' | 'createTime' | 'updateTime'
>;

/** Settings › transfer format: the upstreams and, per upstream × device, the settings and forwarding status. */
export class TransferFormatRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private upstreams() {
    return this.db
      .selectFrom('upstreams')
      .selectAll('upstreams')
      .select((eb) =>
        eb
          .selectFrom('upstreamDevices')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('upstreamDevices.upstreamId', '=', 'upstreams.id')
          .as('deviceCount'),
      );
  }

  async listUpstreams(
    query: PageQuery & { name?: string | undefined },
  ): Promise<{ rows: UpstreamRow[]; total: number }> {
    let filtered = this.db.selectFrom('upstreams');
    if (query.name) {
      const name = query.name;
      filtered = filtered.where((eb) => containsText(eb.ref('upstreams.name'), name));
    }
    const { rows, total } = await selectPage(filtered, query, (q) => q.select('upstreams.id').orderBy('upstreams.id'));
    if (rows.length === 0) return { rows: [], total };
    const full = await this.upstreams()
      .where(
        'upstreams.id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('upstreams.id')
      .execute();
    return { rows: full.map(withCount), total };
  }

  async findUpstream(id: number): Promise<UpstreamRow | undefined> {
    const row = await this.upstreams().where('upstreams.id', '=', id).executeTakeFirst();
    return row && withCount(row);
  }

  async nameTaken(name: string, exceptId: number | undefined): Promise<boolean> {
    let q = this.db.selectFrom('upstreams').select('id').where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insertUpstream(columns: UpstreamColumns, userName: string, now: number): Promise<number> {
    const row = await this.db
      .insertInto('upstreams')
      .values({ ...columns, createdBy: userName, createTime: now, updateTime: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateUpstream(id: number, columns: UpstreamColumns, now: number): Promise<void> {
    await this.db
      .updateTable('upstreams')
      .set({ ...columns, updateTime: now })
      .where('id', '=', id)
      .execute();
  }

  /** An upstream with its devices, their queues and status. */
  async deleteUpstream(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const devices = trx.selectFrom('upstreamDevices').select('id').where('upstreamId', '=', id);
      await trx.deleteFrom('forwardQueue').where('upstreamDeviceId', 'in', devices).execute();
      await trx.deleteFrom('forwardStatus').where('upstreamDeviceId', 'in', devices).execute();
      await trx.deleteFrom('upstreamDevices').where('upstreamId', '=', id).execute();
      await trx.deleteFrom('upstreams').where('id', '=', id).execute();
    });
  }

  private devices(upstreamId: number) {
    return this.db
      .selectFrom('upstreamDevices')
      .innerJoin('devices', 'devices.id', 'upstreamDevices.deviceId')
      .where('upstreamDevices.upstreamId', '=', upstreamId);
  }

  /** The upstream's devices in scope, by device name, with status and backlog. */
  listDevices(
    upstreamId: number,
    scope: DeviceScope,
    page: PageQuery,
  ): Promise<{ rows: UpstreamDeviceRow[]; total: number }> {
    const filtered = this.devices(upstreamId).where((eb) => devicesInScope(eb, scope));
    return selectPage(filtered, page, (q) =>
      q
        .leftJoin('forwardStatus', 'forwardStatus.upstreamDeviceId', 'upstreamDevices.id')
        .selectAll('upstreamDevices')
        .select([
          'devices.deviceName',
          'devices.deviceCode',
          'forwardStatus.connected',
          'forwardStatus.sent',
          'forwardStatus.acknowledged',
          'forwardStatus.dropped',
          'forwardStatus.lastError',
          'forwardStatus.lastErrorKind',
          'forwardStatus.lastErrorTime',
          'forwardStatus.lastSendTime',
          'forwardStatus.lastAckTime',
          'forwardStatus.lastDataTime',
          'forwardStatus.nodeId',
        ])
        .select((eb) =>
          eb
            .selectFrom('forwardQueue')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('forwardQueue.upstreamDeviceId', '=', 'upstreamDevices.id')
            .as('queued'),
        )
        .orderBy('devices.deviceName')
        .orderBy('devices.id'),
    ) as Promise<{ rows: UpstreamDeviceRow[]; total: number }>;
  }

  /** The saved settings of some devices of an upstream, by device id. */
  async deviceSettings(upstreamId: number, deviceIds: readonly number[]): Promise<Selectable<UpstreamDevicesTable>[]> {
    if (deviceIds.length === 0) return [];
    return this.db
      .selectFrom('upstreamDevices')
      .selectAll()
      .where('upstreamId', '=', upstreamId)
      .where('deviceId', 'in', deviceIds)
      .execute();
  }

  /** Of the MNs, those another device of the upstream (not one of `deviceIds`) already uses. */
  async mnsTaken(upstreamId: number, mns: readonly string[], deviceIds: readonly number[]): Promise<string[]> {
    if (mns.length === 0) return [];
    const rows = await this.db
      .selectFrom('upstreamDevices')
      .select('upstreamMn')
      .where('upstreamId', '=', upstreamId)
      .where('upstreamMn', 'in', mns)
      .where('deviceId', 'not in', deviceIds)
      .execute();
    return rows.map((r) => r.upstreamMn);
  }

  /** Adds or replaces the settings of devices of an upstream, in one transaction. */
  async saveDevices(
    upstreamId: number,
    devices: readonly (UpstreamDeviceColumns & { deviceId: number })[],
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // Moving MNs between the devices of one call: free them first, so the unique (upstream, MN) holds throughout.
      for (const d of devices) {
        await trx
          .updateTable('upstreamDevices')
          .set({ upstreamMn: `\t${d.deviceId}` })
          .where('upstreamId', '=', upstreamId)
          .where('deviceId', '=', d.deviceId)
          .execute();
      }
      for (const d of devices) {
        await trx
          .insertInto('upstreamDevices')
          .values({ ...d, upstreamId, createTime: now, updateTime: now })
          .onConflict((oc) =>
            oc.columns(['upstreamId', 'deviceId']).doUpdateSet({
              upstreamMn: d.upstreamMn,
              upstreamPassword: d.upstreamPassword,
              cns: d.cns,
              factors: d.factors,
              valueSource: d.valueSource,
              fromTime: d.fromTime,
              enabled: d.enabled,
              updateTime: now,
            }),
          )
          .execute();
      }
    });
  }

  /** Stops forwarding a device to an upstream: its settings, queue and status go. Whether there was one. */
  async deleteDevice(upstreamId: number, deviceId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('upstreamDevices')
        .select('id')
        .where('upstreamId', '=', upstreamId)
        .where('deviceId', '=', deviceId)
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom('forwardQueue').where('upstreamDeviceId', '=', row.id).execute();
      await trx.deleteFrom('forwardStatus').where('upstreamDeviceId', '=', row.id).execute();
      await trx.deleteFrom('upstreamDevices').where('id', '=', row.id).execute();
      return true;
    });
  }
}

function withCount<T extends { deviceCount: number | string | null }>(row: T): T & { deviceCount: number } {
  return { ...row, deviceCount: Number(row.deviceCount ?? 0) };
}
