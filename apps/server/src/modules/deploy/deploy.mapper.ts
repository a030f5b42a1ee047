import type { DeployClassify, DeviceDeploy } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { DeployClassifyTable, DeviceDeployTable } from '../../db/schema.js';

export function toDeployClassify(row: Selectable<DeployClassifyTable>): DeployClassify {
  return { id: row.id, deployName: row.deployName, deployNameEn: row.deployNameEn, deployType: row.deployType };
}

/** A grouping record joined with its group. */
export type DeviceDeployRow = Selectable<DeviceDeployTable> &
  Pick<Selectable<DeployClassifyTable>, 'deployName' | 'deployNameEn'>;

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
