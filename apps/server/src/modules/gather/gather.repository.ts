import type { GatherFactor, GatherTimeUnit } from '@envmon/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deployGroupType, deviceOffsets } from '../../db/queries/devices.js';
import { factorsByCode } from '../../db/queries/factors.js';
import { type DeviceScope, devicesInScope } from '../../db/queries/device-scope.js';

export interface GatherAggregateRow {
  dataTime: number;
  factorCode: string;
  avg: number;
  min: number;
  max: number;
  devices: number;
}

/** Reads for the gather query: the group's devices, and the per-period aggregates of their rollups. */
export class GatherRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The devices of a project (devices.project_id) within the scope. */
  async projectDevices(projectId: number, scope: DeviceScope): Promise<number[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select('devices.id')
      .where('devices.projectId', '=', projectId)
      .where((eb) => devicesInScope(eb, scope))
      .orderBy('devices.id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The devices grouped under a grouping record (device_deploy.deploy_id) within the scope. */
  async deployDevices(deployId: number, scope: DeviceScope): Promise<number[]> {
    const rows = await this.db
      .selectFrom('deviceDeploy')
      .innerJoin('devices', 'devices.id', 'deviceDeploy.deviceId')
      .select('devices.id')
      .where('deviceDeploy.deployId', '=', deployId)
      .where((eb) => devicesInScope(eb, scope))
      .orderBy('devices.id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The devices' zones, in id order. */
  deviceOffsets(deviceIds: readonly number[]): Promise<number[]> {
    return deviceOffsets(this.db, deviceIds);
  }

  deployType(deployId: number): Promise<number | null> {
    return deployGroupType(this.db, deployId);
  }

  /**
   * Per period and factor: avg/min/max of the devices' valid rollup values (flag N, quality N) and how many
   * devices gave one. The key (device, kind, data_time, factor) makes count(*) the device count.
   */
  async aggregate(
    deviceIds: readonly number[],
    kind: GatherTimeUnit,
    beginTime: number,
    endTime: number,
    factorCodes: readonly string[],
  ): Promise<GatherAggregateRow[]> {
    if (deviceIds.length === 0) return [];
    let query = this.db
      .selectFrom('measurements')
      .where('measurements.deviceId', 'in', [...deviceIds])
      .where('measurements.kind', '=', kind)
      .where('measurements.dataTime', '>=', beginTime)
      .where('measurements.dataTime', '<=', endTime)
      .where('measurements.flag', '=', 'N')
      .where('measurements.quality', '=', 'N')
      .where('measurements.value', 'is not', null);
    if (factorCodes.length > 0) query = query.where('measurements.factorCode', 'in', [...factorCodes]);
    const rows = await query
      .select((eb) => [
        'measurements.dataTime',
        'measurements.factorCode',
        eb.fn.avg<number | string>('measurements.value').as('avg'),
        eb.fn.min<number | string>('measurements.value').as('min'),
        eb.fn.max<number | string>('measurements.value').as('max'),
        eb.fn.countAll<number | string>().as('devices'),
      ])
      .groupBy(['measurements.dataTime', 'measurements.factorCode'])
      .orderBy('measurements.dataTime')
      .orderBy('measurements.factorCode')
      .execute();
    // PostgreSQL answers numeric aggregates and bigint counts as text.
    return rows.map((r) => ({
      dataTime: Number(r.dataTime),
      factorCode: r.factorCode,
      avg: Number(r.avg),
      min: Number(r.min),
      max: Number(r.max),
      devices: Number(r.devices),
    }));
  }

  factors(codes: readonly string[]): Promise<GatherFactor[]> {
    return factorsByCode(this.db, codes);
  }
}
