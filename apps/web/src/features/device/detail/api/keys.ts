import { DEVICE_DETAIL_KEY } from '@envmon/shared';

const VIRTUAL = 'virtual';

/**
 * Query keys of one device's details, under the declared root DEVICE_DETAIL_KEY (packages/shared/src/api/device.ts);
 * a mutation invalidates its own slice.
 */
export const deviceDetailKeys = {
  all: DEVICE_DETAIL_KEY,
  device: (deviceId: number) => [...DEVICE_DETAIL_KEY, deviceId] as const,
  summary: (deviceId: number) => [...DEVICE_DETAIL_KEY, deviceId, 'summary'] as const,
  operateLog: (deviceId: number) => [...DEVICE_DETAIL_KEY, deviceId, 'operate-log'] as const,
  latest: (deviceId: number) => [...DEVICE_DETAIL_KEY, deviceId, 'latest'] as const,
  virtual: (deviceId: number) => [...DEVICE_DETAIL_KEY, deviceId, VIRTUAL] as const,
  deploys: (deviceId: number) => [...DEVICE_DETAIL_KEY, deviceId, 'deploys'] as const,
  factors: (deviceId: number) => [...DEVICE_DETAIL_KEY, deviceId, 'factors'] as const,
};

/** Any device's virtual-device list: an import may add to every station its file names. */
export const isVirtualKey = (key: readonly unknown[]): boolean => key[0] === DEVICE_DETAIL_KEY[0] && key[2] === VIRTUAL;
