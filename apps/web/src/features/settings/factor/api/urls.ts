/** The monitor-factor catalogue's calls (SPEC section 7 'factor (get, add, update, delete by GET)'). */
export const FACTOR_URLS = {
  list: '/manager/settings/factor/rest/get',
  add: '/manager/settings/factor/rest/add',
  update: '/manager/settings/factor/rest/update',
  remove: '/manager/settings/factor/rest/delete',
} as const;
