import type { RealtimeDevice } from '@envmon/shared';
import { describe, expect, it } from 'vitest';
import { membershipsOf, toTreeDevice } from './tree';

const device = (deviceId: number, projectId: number | null, addressId: number | null): RealtimeDevice => ({
  deviceId,
  deviceName: `D${deviceId}`,
  deviceCode: `MN${deviceId}`,
  deviceType: '21',
  ifValid: 1,
  projectId,
  addressId,
  online: false,
  changedAt: null,
  utcOffsetMinutes: 480,
  values: [],
});

describe('chart device tree', () => {
  const devices = [device(1, 10, 20), device(2, null, 21), device(3, 11, null)];

  it('groups by the project or address each device carries; ungrouped devices stay unclassified', () => {
    expect(membershipsOf(devices, 1)).toEqual([
      { deployId: 10, deployType: 1, deviceId: 1 },
      { deployId: 11, deployType: 1, deviceId: 3 },
    ]);
    expect(membershipsOf(devices, 2)).toEqual([
      { deployId: 20, deployType: 2, deviceId: 1 },
      { deployId: 21, deployType: 2, deviceId: 2 },
    ]);
  });

  it('keeps the real-time device on its tree node', () => {
    expect(toTreeDevice(devices[0] as RealtimeDevice)).toMatchObject({
      id: 1,
      deviceName: 'D1',
      ifValid: 1,
      device: devices[0],
    });
  });
});
