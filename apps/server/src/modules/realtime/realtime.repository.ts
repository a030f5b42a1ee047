import { DEPLOY_TYPE } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Which devices a real-time read covers: one project's (all when absent), only those bound to a user. */
export interface RealtimeScope {
  projectId?: number | undefined;
  boundTo?: number | undefined;
}

/** One row per device × latest value (one row with null value columns for a device without any). */
export interface RealtimeLatestRow {
  deviceId: number;
  deviceName: string;
  deviceCode: string;
  deviceType: string;
  ifValid: number;
  projectId: number | null;
  addressId: number | null;
  online: number | null;
  changedAt: number | null;
  factorCode: string | null;
  factorName: string | null;
  factorNameEn: string | null;
  catalogueUnit: string | null;
  unit: string | null;
  decimals: number | null;
  kind: string | null;
  dataTime: number | null;
  value: number | null;
  flag: string | null;
  quality: string | null;
}

export interface RealtimePointRow {
  factorCode: string;
  dataTime: number;
  value: number | null;
  flag: string | null;
  quality: string;
}

/** What the real-time screens read: latest values with their devices and factors, and recent real-time values. */
export class RealtimeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Every device in scope with its connection state, address group and latest values, in one
   * query: each join follows a key (latest_values by device, device_factors and device_deploy
   * unique per device), so 1,000 devices × 10 factors is one indexed pass.
   */
  async latest(scope: RealtimeScope): Promise<RealtimeLatestRow[]> {
    let query = this.db
      .selectFrom('devices')
      .leftJoin('deviceStatus', 'deviceStatus.deviceId', 'devices.id')
      .leftJoin('deviceDeploy', (join) =>
        join.onRef('deviceDeploy.deviceId', '=', 'devices.id').on('deviceDeploy.deployType', '=', DEPLOY_TYPE.address),
      )
      .leftJoin('latestValues', 'latestValues.deviceId', 'devices.id')
      .leftJoin('factors', 'factors.factorCode', 'latestValues.factorCode')
      .leftJoin('deviceFactors', (join) =>
        join
          .onRef('deviceFactors.deviceId', '=', 'latestValues.deviceId')
          .onRef('deviceFactors.factorCode', '=', 'latestValues.factorCode'),
      )
      .select((eb) => [
        'devices.id as deviceId',
        'devices.deviceName',
        'devices.deviceCode',
        'devices.deviceType',
        'devices.ifValid',
        'devices.projectId',
        'deviceDeploy.deployId as addressId',
        'deviceStatus.online',
        'deviceStatus.changedAt',
        'latestValues.factorCode',
        'factors.factorName',
        'factors.factorNameEn',
        'factors.unit as catalogueUnit',
        eb.fn.coalesce('deviceFactors.unit', 'factors.unit').as('unit'),
        'factors.decimals',
        'latestValues.kind',
        'latestValues.dataTime',
        'latestValues.value',
        'latestValues.flag',
        'latestValues.quality',
      ]);
    if (scope.projectId !== undefined) query = query.where('devices.projectId', '=', scope.projectId);
    if (scope.boundTo !== undefined) query = query.where('devices.deviceCode', 'in', this.boundCodes(scope.boundTo));
    const rows = await query.orderBy('devices.id').orderBy('latestValues.factorCode').execute();
    // PostgreSQL returns bigint columns as text.
    return rows.map((row) => ({
      ...row,
      changedAt: row.changedAt === null ? null : Number(row.changedAt),
      dataTime: row.dataTime === null ? null : Number(row.dataTime),
    }));
  }

  /** The device when it exists and is in scope. */
  async visible(deviceId: number, scope: RealtimeScope): Promise<boolean> {
    let query = this.db.selectFrom('devices').select('devices.id').where('devices.id', '=', deviceId);
    if (scope.boundTo !== undefined) query = query.where('devices.deviceCode', 'in', this.boundCodes(scope.boundTo));
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * The device's real-time values since `from`, the newest `limit` (read newest first along the
   * measurements key: device, kind, data time).
   */
  async recent(
    deviceId: number,
    factorCodes: readonly string[],
    from: number,
    limit: number,
  ): Promise<RealtimePointRow[]> {
    let query = this.db
      .selectFrom('measurements')
      .select(['factorCode', 'dataTime', 'value', 'flag', 'quality'])
      .where('deviceId', '=', deviceId)
      .where('kind', '=', 'rtd')
      .where('dataTime', '>=', from);
    if (factorCodes.length > 0) query = query.where('factorCode', 'in', factorCodes);
    const rows = await query.orderBy('dataTime', 'desc').orderBy('factorCode', 'desc').limit(limit).execute();
    return rows.map((row) => ({ ...row, dataTime: Number(row.dataTime) }));
  }

  private boundCodes(userId: number) {
    return this.db.selectFrom('userDevices').select('userDevices.deviceCode').where('userDevices.userId', '=', userId);
  }
}
