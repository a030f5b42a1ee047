import type { Route } from './public-routes.js';

const ALARM = '/manager/alarm/rest';
const WORK_ORDER = '/manager/alarm/workorder/rest';

/**
 * The alarm screen's query-key root: a work order move or a pushed alarm invalidates it, which
 * refreshes the tables, the drawer's alarm and its trail at once.
 */
export const ALARM_LIST_KEY = ['alarmList'] as const;

/**
 * The alarm calls as method, path and key root, with no zod: alarmEndpoints (./alarm.ts) adds their schemas,
 * and the layout's alarm bell, on the console's first screen, reads the current alarms through these, so that
 * its download carries no schema (scripts/bundle-budget.mjs).
 */
export const ALARM_ROUTES = {
  current: { method: 'GET', path: `${ALARM}/getCurrent`, key: [...ALARM_LIST_KEY, 'current'] },
  list: { method: 'GET', path: `${ALARM}/get`, key: [...ALARM_LIST_KEY, 'page'] },
  export: { method: 'GET', path: `${ALARM}/export` },
  updateWorkOrder: { method: 'POST', path: `${WORK_ORDER}/update` },
  workOrderHistory: { method: 'GET', path: `${WORK_ORDER}/getHistory`, key: [...ALARM_LIST_KEY, 'history'] },
} as const satisfies Record<string, Route>;
