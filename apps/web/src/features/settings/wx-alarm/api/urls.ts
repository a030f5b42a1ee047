/** The WeChat alarm settings' calls (SPEC section 7 'wxalarm'). */
export const WX_ALARM_URLS = {
  get: '/manager/settings/wxalarm/rest/get',
  update: '/manager/settings/wxalarm/rest/update',
  send: '/manager/settings/wxalarm/rest/send',
  dynamicCode: '/manager/settings/wxalarm/rest/dynamicCode',
} as const;
