import type { DeviceWithVirtual, VirtualDevice } from '@envmon/shared';
import type { Selectable } from 'kysely';
import type { DevicesTable, VirtualDevicesTable } from '../../db/schema.js';

export type VirtualDeviceRow = Selectable<VirtualDevicesTable> & { deviceCode: string; deviceName: string };

/** Stored as one comma-separated text: the list is read and written whole, never queried by element. */
export const joinFactorCodes = (codes: readonly string[]): string => codes.join(',');
const splitFactorCodes = (text: string): string[] => (text === '' ? [] : text.split(','));

export function toVirtualDevice(row: VirtualDeviceRow): VirtualDevice {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceCode: row.deviceCode,
    deviceName: row.deviceName,
    virtualName: row.virtualName,
    virtualCode: row.virtualCode,
    factorCodes: splitFactorCodes(row.factorCodes),
    remark: row.remark,
    createTime: row.createTime,
  };
}

export type DeviceSummaryRow = Pick<
  Selectable<DevicesTable>,
  'id' | 'deviceName' | 'deviceCode' | 'deviceType' | 'ifValid'
>;

export function toDeviceWithVirtual(
  device: DeviceSummaryRow,
  virtuals: readonly VirtualDeviceRow[],
): DeviceWithVirtual {
  return {
    id: device.id,
    deviceName: device.deviceName,
    deviceCode: device.deviceCode,
    deviceType: device.deviceType,
    ifValid: device.ifValid,
    virtualDevices: virtuals.map(toVirtualDevice),
  };
}
