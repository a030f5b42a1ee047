/** Settings › IoT card's calls (SPEC section 7 'iotCard (get, add, update, delete)'). */
export const IOT_CARD_URLS = {
  list: '/manager/settings/iotCard/rest/get',
  add: '/manager/settings/iotCard/rest/add',
  update: '/manager/settings/iotCard/rest/update',
  remove: '/manager/settings/iotCard/rest/delete',
} as const;
