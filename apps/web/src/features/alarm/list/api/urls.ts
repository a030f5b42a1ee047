/** The alarm screen's calls (SPEC section 7 'Alarm', 'Work order'). */
export const ALARM_LIST_URLS = {
  current: '/manager/alarm/rest/getCurrent',
  list: '/manager/alarm/rest/get',
  export: '/manager/alarm/rest/export',
  updateWorkOrder: '/manager/alarm/workorder/rest/update',
  workOrderHistory: '/manager/alarm/workorder/rest/getHistory',
} as const;
