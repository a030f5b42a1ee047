/**
 * The device details' calls that are files, not JSON envelopes (the virtual devices' import and template);
 * the others are declared in packages/shared/src/api/device.ts.
 */
export const DEVICE_DETAIL_URLS = {
  virtualImport: '/manager/system/device/virtual/rest/batAdd',
  virtualTemplate: '/manager/system/device/virtual/rest/template',
} as const;
