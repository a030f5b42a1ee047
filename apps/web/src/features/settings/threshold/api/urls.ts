/** The threshold settings' calls (SPEC section 7 '/alarm/threshold', '/system/alarm/strategy', 'surfactwaterlimit'). */
export const THRESHOLD_URLS = {
  list: '/manager/alarm/threshold/rest/getAll',
  add: '/manager/alarm/threshold/rest/add',
  update: '/manager/alarm/threshold/rest/update',
  remove: '/manager/alarm/threshold/rest/delete',
  strategies: '/manager/system/alarm/strategy/rest/getAll',
  saveStrategy: '/manager/system/alarm/strategy/rest/update',
  removeStrategy: '/manager/system/alarm/strategy/rest/delete',
  waterLimits: '/manager/settings/surfactwaterlimit/rest/getAll',
} as const;
