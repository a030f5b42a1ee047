import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  DevicesTable,
  MeasurementKind,
  SurfaceWaterLimitsTable,
  ThresholdsTable,
} from '../../db/schema.js';
import { effectiveUnit } from '../../db/queries/factors.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export interface ReportValueRow {
  deviceId: number;
  factorCode: string;
  dataTime: number;
  value: number | null;
  min: number | null;
  max: number | null;
  flag: string | null;
  quality: string;
  /** The audit laid over the value (issue 19). */
  auditState: string | null;
  auditValue: number | null;
}

export interface ReportFactorRow {
  factorCode: string;
  factorName: string | null;
  factorNameEn: string | null;
  unit: string | null;
  decimals: number | null;
}

export type ReportThresholdRow = Pick<
  Selectable<ThresholdsTable>,
  'deviceId' | 'factorCode' | 'overflowType' | 'operator' | 'limit1' | 'limit2'
>;

export type ReportDeviceRow = Pick<Selectable<DevicesTable>, 'id' | 'deviceName' | 'deviceCode' | 'utcOffsetMinutes'>;

export type ReportWaterLimitRow = Omit<Selectable<SurfaceWaterLimitsTable>, 'id'>;

/** What the reports read: rollup rows (hour/day/month), thresholds, surface-water limits and the factor catalogue. */
export class ReportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The devices among `ids` that exist and are in scope. */
  async devices(ids: readonly number[], scope: DeviceScope): Promise<ReportDeviceRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('devices')
      .select(['id', 'deviceName', 'deviceCode', 'utcOffsetMinutes'])
      .where('id', 'in', ids)
      .where((eb) => devicesInScope(eb, scope))
      .execute();
  }

  /**
   * The devices' rollups of one kind in [from, to), of the given factors (all when empty): ranges along
   * the measurements key (device, kind, data time).
   */
  async rollups(
    deviceIds: readonly number[],
    kind: MeasurementKind,
    from: number,
    to: number,
    factorCodes: readonly string[] = [],
  ): Promise<ReportValueRow[]> {
    if (deviceIds.length === 0) return [];
    let query = this.db
      .selectFrom('measurements')
      .select(['deviceId', 'factorCode', 'dataTime', 'value', 'min', 'max', 'flag', 'quality', 'auditState', 'auditValue'])
      .where('deviceId', 'in', deviceIds)
      .where('kind', '=', kind)
      .where('dataTime', '>=', from)
      .where('dataTime', '<', to);
    if (factorCodes.length > 0) query = query.where('factorCode', 'in', factorCodes);
    const rows = await query.orderBy('deviceId').orderBy('dataTime').orderBy('factorCode').execute();
    return rows.map((row) => ({
      ...row,
      dataTime: Number(row.dataTime),
      auditState: row.auditState ?? null,
      auditValue: row.auditValue ?? null,
    }));
  }

  /** The devices' enabled thresholds, overflow type 0 (none) first. */
  async thresholds(deviceIds: readonly number[]): Promise<ReportThresholdRow[]> {
    if (deviceIds.length === 0) return [];
    return this.db
      .selectFrom('thresholds')
      .select(['deviceId', 'factorCode', 'overflowType', 'operator', 'limit1', 'limit2'])
      .where('deviceId', 'in', deviceIds)
      .where('enabled', '=', 1)
      .orderBy('overflowType')
      .orderBy('id')
      .execute();
  }

  async waterLimits(codes: readonly string[]): Promise<ReportWaterLimitRow[]> {
    if (codes.length === 0) return [];
    return this.db
      .selectFrom('surfaceWaterLimits')
      .select(['factorCode', 'class1', 'class2', 'class3', 'class4', 'class5', 'rangeMin', 'rangeMax'])
      .where('factorCode', 'in', codes)
      .orderBy('id')
      .execute();
  }

  /** Catalogue names and decimals, with the device's own unit when it sets one (the catalogue's without a device). */
  async factors(deviceId: number | null, codes: readonly string[]): Promise<ReportFactorRow[]> {
    if (codes.length === 0) return [];
    return this.db
      .selectFrom('factors')
      .leftJoin('deviceFactors', (join) =>
        join
          .onRef('deviceFactors.factorCode', '=', 'factors.factorCode')
          .on('deviceFactors.deviceId', '=', deviceId ?? -1),
      )
      .select((eb) => [
        'factors.factorCode',
        'factors.factorName',
        'factors.factorNameEn',
        'factors.decimals',
        effectiveUnit(eb).as('unit'),
      ])
      .where('factors.factorCode', 'in', codes)
      .execute();
  }
}
