/** The calls behind the device details (SPEC section 7: detail, setting sync, virtual, deploy, factor). */
export const DEVICE_DETAIL_URLS = {
  summary: '/manager/system/device/detail/rest/getSummary',
  operateLog: '/manager/system/device/detail/rest/getOperateLog',
  latest: '/manager/system/device/detail/rest/getLatest',
  sync: '/manager/system/device/setting/rest/sync',
  virtualList: '/manager/system/device/virtual/rest/get',
  virtualAdd: '/manager/system/device/virtual/rest/add',
  virtualUpdate: '/manager/system/device/virtual/rest/update',
  virtualDelete: '/manager/system/device/virtual/rest/delete',
  virtualImport: '/manager/system/device/virtual/rest/batAdd',
  virtualTemplate: '/manager/system/device/virtual/rest/template',
  deploysByDevice: '/manager/system/device/deploy/rest/getByDeviceId',
  deployAdd: '/manager/system/device/deploy/rest/add',
  deployDelete: '/manager/system/device/deploy/rest/delete',
  deviceFactors: '/manager/settings/factor/device/rest/getByDeviceId',
  deviceFactorsUpdate: '/manager/settings/factor/device/rest/update',
} as const;
