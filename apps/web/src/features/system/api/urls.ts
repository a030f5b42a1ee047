/** System calls of SPEC section 7 that are not part of a CRUD definition. */
export const SYSTEM_URLS = {
  checkUserNameUnique: '/manager/system/user/rest/checkUserNameUnique',
  operationLogs: '/manager/system/log/rest/get',
  serverLogFiles: '/manager/system/serverLog/rest/getList',
  serverLogFile: '/manager/system/serverLog/rest/get',
} as const;
