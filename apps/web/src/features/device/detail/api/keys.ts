const VIRTUAL = 'virtual';

/** Query keys of one device's details; a mutation invalidates its own slice. */
export const deviceDetailKeys = {
  all: ['device-detail'] as const,
  device: (deviceId: number) => ['device-detail', deviceId] as const,
  summary: (deviceId: number) => ['device-detail', deviceId, 'summary'] as const,
  operateLog: (deviceId: number) => ['device-detail', deviceId, 'operate-log'] as const,
  latest: (deviceId: number) => ['device-detail', deviceId, 'latest'] as const,
  virtual: (deviceId: number) => ['device-detail', deviceId, VIRTUAL] as const,
  deploys: (deviceId: number) => ['device-detail', deviceId, 'deploys'] as const,
  factors: (deviceId: number) => ['device-detail', deviceId, 'factors'] as const,
};

/** Any device's virtual-device list: an import may add to every station its file names. */
export const isVirtualKey = (key: readonly unknown[]): boolean =>
  key[0] === deviceDetailKeys.all[0] && key[2] === VIRTUAL;
