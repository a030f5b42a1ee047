import type { DeployClassify, DeviceDeploy } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { DeployClassifyTable } from '../../db/schema.js';

export function toDeployClassify(row: Selectable<DeployClassifyTable>): DeployClassify {
  return { id: row.id, deployName: row.deployName, deployNameEn: row.deployNameEn, deployType: row.deployType };
}

/** A grouping record joined with its group. */
export interface DeviceDeployRow {
  id: number;
  deviceId: number;
  deployId: number;
  deployType: number;
  deployName: string;
  deployNameEn: string | null;
}

export function toDeviceDeploy(row: DeviceDeployRow): DeviceDeploy {
  return {
    id: row.id,
    deployId: row.deployId,
    deployName: row.deployName,
    deployNameEn: row.deployNameEn,
    deployType: row.deployType,
    deviceId: row.deviceId,
  };
}
