/** The device management panel's calls (SPEC section 7, 'Device', 'Deploy', 'Classify'). */
export const DEVICE_URLS = {
  add: '/manager/system/device/rest/add',
  update: '/manager/system/device/rest/update',
  remove: '/manager/system/device/rest/delete',
  status: '/manager/system/device/rest/getStatus',
  batAdd: '/manager/system/device/rest/batAdd',
  template: '/manager/system/device/rest/template',
  export: '/manager/system/device/rest/export',
  deployRecords: '/manager/system/device/deploy/rest/getAll',
  deployByDevice: '/manager/system/device/deploy/rest/getByDeviceId',
  users: '/manager/system/user/rest/getAll',
} as const;
