import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database, MeasurementKind, OriginalPacketsTable } from '../../db/schema.js';
import { deviceOffset } from '../../db/queries/devices.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

/** Which packets a read covers: a bounded receive-time range, optionally one device, MN, CN, outcome. */
export interface OriginalScope {
  beginTime: number;
  endTime: number;
  deviceId?: number | undefined;
  mn?: string | undefined;
  cn?: string | undefined;
  accepted?: 0 | 1 | undefined;
  /** The caller's devices (project, bound ones); absent: every device. */
  devices?: DeviceScope | undefined;
  /** Packets of no known device (unknown MN, unparsable): administrators only. */
  includeUnknown?: boolean | undefined;
}

export type OriginalRow = Selectable<OriginalPacketsTable> & {
  deviceName: string | null;
  /** The device's zone; null for a packet of no known station. */
  utcOffsetMinutes: number | null;
};

/** Reads of the stored packets (original_packets), newest first. */
export class OriginalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The scope's filters. The range is required and bounded (31 days), so a device's read walks the
   * (device_id, received_at) index and an MN read of an unknown station its partial MN index.
   */
  private filtered<O>(query: SelectQueryBuilder<Database, 'originalPackets', O>, scope: OriginalScope) {
    let q = query
      .where('originalPackets.receivedAt', '>=', scope.beginTime)
      .where('originalPackets.receivedAt', '<=', scope.endTime);
    if (scope.deviceId !== undefined) q = q.where('originalPackets.deviceId', '=', scope.deviceId);
    if (scope.mn !== undefined) q = q.where('originalPackets.mn', '=', scope.mn);
    if (scope.cn !== undefined) q = q.where('originalPackets.cn', '=', scope.cn);
    if (scope.accepted !== undefined) q = q.where('originalPackets.accepted', '=', scope.accepted);
    const devices = scope.devices ?? {};
    const narrowed = devices.projectId !== undefined || devices.boundTo !== undefined;
    const includeUnknown = scope.includeUnknown ?? true;
    if (narrowed) {
      const visible = this.db
        .selectFrom('devices')
        .select('devices.id')
        .where((eb) => devicesInScope(eb, devices));
      q = q.where((eb) =>
        includeUnknown
          ? eb.or([eb('originalPackets.deviceId', 'in', visible), eb('originalPackets.deviceId', 'is', null)])
          : eb('originalPackets.deviceId', 'in', visible),
      );
    } else if (!includeUnknown) {
      q = q.where('originalPackets.deviceId', 'is not', null);
    }
    return q;
  }

  async count(scope: OriginalScope): Promise<number> {
    const row = await this.filtered(this.db.selectFrom('originalPackets'), scope)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page, newest first; `beforeId` continues a keyset walk (export), `offset` an offset page (get). */
  async page(scope: OriginalScope, limit: number, offset = 0, beforeId?: number): Promise<OriginalRow[]> {
    let query = this.filtered(
      this.db
        .selectFrom('originalPackets')
        .leftJoin('devices', 'devices.id', 'originalPackets.deviceId')
        .select([
          'originalPackets.id',
          'originalPackets.receivedAt',
          'originalPackets.remote',
          'originalPackets.deviceId',
          'devices.deviceName',
          'devices.utcOffsetMinutes',
          'originalPackets.mn',
          'originalPackets.cn',
          'originalPackets.qn',
          'originalPackets.dataTime',
          'originalPackets.raw',
          'originalPackets.accepted',
          'originalPackets.reason',
        ]),
      scope,
    );
    if (beforeId !== undefined) query = query.where('originalPackets.id', '<', beforeId);
    return query
      .orderBy('originalPackets.receivedAt', 'desc')
      .orderBy('originalPackets.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** A device's zone (its data times are read and shown on its clock); undefined for no such device. */
  deviceOffset(deviceId: number): Promise<number | undefined> {
    return deviceOffset(this.db, deviceId);
  }

  async byId(
    id: number,
  ): Promise<
    { id: number; raw: string; deviceId: number | null; cn: string | null; dataTime: number | null } | undefined
  > {
    const row = await this.db
      .selectFrom('originalPackets')
      .select(['id', 'raw', 'deviceId', 'cn', 'dataTime'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, dataTime: row.dataTime === null ? null : Number(row.dataTime) };
  }

  /** The values of a device's upload that a data rule changed: what was stored, by factor code. */
  async ruledValues(
    deviceId: number,
    kind: MeasurementKind,
    dataTime: number,
  ): Promise<{ factorCode: string; value: number | null }[]> {
    return this.db
      .selectFrom('measurements')
      .select(['factorCode', 'value'])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('dataTime', '=', dataTime)
      .where('stationValue', 'is not', null)
      .execute();
  }
}
