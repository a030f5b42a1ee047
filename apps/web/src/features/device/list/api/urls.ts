/**
 * The device panel's calls that are files, not JSON envelopes (import, template, export's link); the others
 * are declared in packages/shared/src/api/device.ts.
 */
export const DEVICE_URLS = {
  batAdd: '/manager/system/device/rest/batAdd',
  template: '/manager/system/device/rest/template',
  export: '/manager/system/device/rest/export',
} as const;
