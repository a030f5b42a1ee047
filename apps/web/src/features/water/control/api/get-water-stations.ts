import type { Device, Page } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { projectDevicesQueryOptions } from '../../../../lib/device-list';
import { isWaterStation } from '../utils/panel-actions';

/** A water station to choose: what the panel needs of it. */
export interface WaterStation {
  id: number;
  name: string;
  code: string;
  /** Its ST: which actions it is offered. */
  deviceType: string;
}

const waterStationsOf = (page: Page<Device>): WaterStation[] =>
  page.list
    .filter((device) => isWaterStation(device.deviceType))
    .map((device) => ({
      id: device.id,
      name: device.deviceName,
      code: device.deviceCode,
      deviceType: device.deviceType,
    }));

/**
 * The water stations of the project chosen in the header (every project when none), as the caller sees them:
 * the device selects' one list, shaped here.
 */
export const waterStationsQueryOptions = (projectId: number | undefined) =>
  queryOptions({ ...projectDevicesQueryOptions(projectId), select: waterStationsOf });
