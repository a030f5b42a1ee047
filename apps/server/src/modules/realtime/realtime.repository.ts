import { DEPLOY_TYPE } from '@envmon/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SurfaceWaterLimitsTable, ThresholdsTable } from '../../db/schema.js';
import { effectiveUnit, ownFactorSettings } from '../../db/queries/factors.js';
import type { AlarmRow } from '../alarm/alarm.mapper.js';
import { deviceInScope, devicesInScope } from '../../db/queries/device-scope.js';

/** Which devices a real-time read covers: one project's (all when absent), only those bound to a user. */
export interface RealtimeScope {
  projectId?: number | undefined;
  boundTo?: number | undefined;
  /** Only devices of this type (the water screen's surface-water stations). */
  deviceType?: string | undefined;
  /** Only overflow stations: devices with a threshold that has an overflow type. */
  overflowOnly?: boolean | undefined;
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
  utcOffsetMinutes: number;
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

/** A factor's class limits (surface-water limit settings). */
export type WaterLimitRow = Omit<Selectable<SurfaceWaterLimitsTable>, 'id'>;

/** One device × factor × trend bucket: the average of its real-time values and how many there were. */
export interface TrendRow {
  deviceId: number;
  factorCode: string;
  /** Bucket number: data time divided by the bucket size. */
  bucket: number;
  value: number;
  count: number;
}

/** An overflow-type threshold with its factor's catalogue entry. */
export type OverflowThresholdRow = Pick<
  Selectable<ThresholdsTable>,
  'deviceId' | 'factorCode' | 'overflowType' | 'operator' | 'limit1' | 'limit2' | 'enabled'
> & {
  /** The factor's catalogue entry; null where the factor is not in the catalogue. */
  factorName: string | null;
  factorNameEn: string | null;
  unit: string | null;
  decimals: number | null;
};

/** What the real-time screens read: latest values with their devices and factors, and recent real-time values. */
export class RealtimeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Every device in scope with its connection state, address group and latest values, in one
   * query: each join follows a key (latest_values by device, device_factors and device_deploy
   * unique per device), so 1,000 devices × 10 factors is one indexed pass.
   */
  async latest(scope: RealtimeScope): Promise<RealtimeLatestRow[]> {
    const query = this.db
      .selectFrom('devices')
      .leftJoin('deviceStatus', 'deviceStatus.deviceId', 'devices.id')
      .leftJoin('deviceDeploy', (join) =>
        join.onRef('deviceDeploy.deviceId', '=', 'devices.id').on('deviceDeploy.deployType', '=', DEPLOY_TYPE.address),
      )
      .leftJoin('latestValues', 'latestValues.deviceId', 'devices.id')
      .leftJoin('factors', 'factors.factorCode', 'latestValues.factorCode')
      .leftJoin('deviceFactors', ownFactorSettings('latestValues'))
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
        'devices.utcOffsetMinutes',
        'latestValues.factorCode',
        'factors.factorName',
        'factors.factorNameEn',
        'factors.unit as catalogueUnit',
        effectiveUnit(eb).as('unit'),
        'factors.decimals',
        'latestValues.kind',
        'latestValues.dataTime',
        'latestValues.value',
        'latestValues.flag',
        'latestValues.quality',
      ]);
    const rows = await query
      .where('devices.id', 'in', this.scopedIds(scope))
      .orderBy('devices.id')
      .orderBy('latestValues.factorCode')
      .execute();
    // PostgreSQL returns bigint columns as text.
    return rows.map((row) => ({
      ...row,
      changedAt: row.changedAt === null ? null : Number(row.changedAt),
      dataTime: row.dataTime === null ? null : Number(row.dataTime),
    }));
  }

  /** The device when it exists and is in scope. */
  visible(deviceId: number, scope: RealtimeScope): Promise<boolean> {
    return deviceInScope(this.db, deviceId, scope);
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

  /** The class limits of every factor that has them (a handful of rows). */
  waterLimits(): Promise<WaterLimitRow[]> {
    return this.db
      .selectFrom('surfaceWaterLimits')
      .select(['factorCode', 'class1', 'class2', 'class3', 'class4', 'class5', 'rangeMin', 'rangeMax'])
      .orderBy('factorCode')
      .execute();
  }

  /**
   * The real-time values since `from` of the devices in scope, averaged per device × factor ×
   * bucket in one grouped pass along the measurements key; overflowOnly keeps the factors the
   * devices' overflow thresholds watch.
   */
  async trend(scope: RealtimeScope, from: number, bucketMs: number): Promise<TrendRow[]> {
    const bucket = sql<number>`${sql.ref('measurements.dataTime')} / ${sql.lit(bucketMs)}`;
    let query = this.db
      .selectFrom('measurements')
      .select((eb) => [
        'measurements.deviceId',
        'measurements.factorCode',
        bucket.as('bucket'),
        eb.fn.avg<number>('measurements.value').as('value'),
        eb.fn.count<number>('measurements.value').as('count'),
      ])
      .where('measurements.deviceId', 'in', this.scopedIds(scope))
      .where('measurements.kind', '=', 'rtd')
      .where('measurements.dataTime', '>=', from)
      .where('measurements.value', 'is not', null);
    if (scope.overflowOnly) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('thresholds')
            .select('thresholds.id')
            .whereRef('thresholds.deviceId', '=', 'measurements.deviceId')
            .whereRef('thresholds.factorCode', '=', 'measurements.factorCode')
            .where('thresholds.overflowType', '>', 0),
        ),
      );
    }
    const rows = await query
      .groupBy(['measurements.deviceId', 'measurements.factorCode', bucket])
      .orderBy('measurements.deviceId')
      .orderBy('measurements.factorCode')
      .orderBy(bucket)
      .execute();
    // Aggregates are typed loosely by the drivers (int8 in PostgreSQL, parsed by connection.ts): numbers, whatever the dialect.
    return rows.map((row) => ({
      ...row,
      bucket: Number(row.bucket),
      value: Number(row.value),
      count: Number(row.count),
    }));
  }

  /** The thresholds with an overflow type of the devices in scope, by device and overflow type. */
  overflowThresholds(scope: RealtimeScope): Promise<OverflowThresholdRow[]> {
    return this.db
      .selectFrom('thresholds')
      .leftJoin('factors', 'factors.factorCode', 'thresholds.factorCode')
      .select([
        'thresholds.deviceId',
        'thresholds.factorCode',
        'thresholds.overflowType',
        'thresholds.operator',
        'thresholds.limit1',
        'thresholds.limit2',
        'thresholds.enabled',
        'factors.factorName',
        'factors.factorNameEn',
        'factors.unit',
        'factors.decimals',
      ])
      .where('thresholds.overflowType', '>', 0)
      .where('thresholds.deviceId', 'in', this.scopedIds(scope))
      .orderBy('thresholds.deviceId')
      .orderBy('thresholds.overflowType')
      .execute();
  }

  /** The active alarms with an overflow type of the devices in scope, newest first, as the alarm module maps them. */
  overflowAlarms(scope: RealtimeScope): Promise<AlarmRow[]> {
    return this.db
      .selectFrom('alarms')
      .innerJoin('devices', 'devices.id', 'alarms.deviceId')
      .leftJoin('factors', 'factors.factorCode', 'alarms.factorCode')
      .leftJoin('deviceFactors', ownFactorSettings('alarms'))
      .selectAll('alarms')
      .select([
        'devices.deviceCode',
        'devices.deviceName',
        'devices.utcOffsetMinutes',
        'factors.factorName',
        'factors.factorNameEn',
      ])
      .select((eb) => effectiveUnit(eb).as('unit'))
      .where('alarms.active', '=', 1)
      .where('alarms.overflowType', '>', 0)
      .where('alarms.deviceId', 'in', this.scopedIds(scope))
      .orderBy('alarms.beginDate', 'desc')
      .orderBy('alarms.id', 'desc')
      .execute();
  }

  /** The ids of the devices in scope, as a subquery. */
  private scopedIds(scope: RealtimeScope) {
    let query = this.db.selectFrom('devices').select('devices.id');
    query = query.where((eb) => devicesInScope(eb, scope));
    if (scope.deviceType !== undefined) query = query.where('devices.deviceType', '=', scope.deviceType);
    if (scope.overflowOnly) query = query.where('devices.id', 'in', this.overflowDeviceIds());
    return query;
  }

  private overflowDeviceIds() {
    return this.db.selectFrom('thresholds').select('thresholds.deviceId').where('thresholds.overflowType', '>', 0);
  }
}
