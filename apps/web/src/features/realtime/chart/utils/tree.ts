import { DEPLOY_TYPE, type RealtimeDevice } from '@envmon/shared';
import type { TreeDevice, TreeGrouping, TreeMembership } from '../../../../components/device-tree';

export type ChartTreeDevice = TreeDevice & { device: RealtimeDevice };

export const toTreeDevice = (device: RealtimeDevice): ChartTreeDevice => ({
  id: device.deviceId,
  deviceName: device.deviceName,
  deviceCode: device.deviceCode,
  ifValid: device.ifValid,
  device,
});

/**
 * The tree's grouping records, from the project and address each device carries (getLatest
 * answers them), so the chart needs no device-management permission to group its tree.
 */
export function membershipsOf(devices: readonly RealtimeDevice[], grouping: TreeGrouping): TreeMembership[] {
  const out: TreeMembership[] = [];
  for (const device of devices) {
    const deployId = grouping === DEPLOY_TYPE.project ? device.projectId : device.addressId;
    if (deployId !== null) out.push({ deployId, deployType: grouping, deviceId: device.deviceId });
  }
  return out;
}
