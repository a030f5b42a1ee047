import type { Route } from './public-routes.js';

/**
 * The console's device keys' root: every cached device read starts with it, so one invalidation after a
 * device or deploy write refreshes the device table, tree and map, the groups and every select.
 */
export const DEVICE_KEY = ['devices'] as const;

/**
 * The device reads of every screen — the header's projects, the device lists, selects and trees — as method,
 * path and key root, with no zod: the declarations of ./device.ts add their schemas, and the console calls these,
 * so that the first screen's download carries no schema (scripts/bundle-budget.mjs).
 */
export const DEVICE_ROUTES = {
  /** deviceEndpoints.getAll: devices, paged and filtered; cached under ['devices', …]. */
  list: { method: 'GET', path: '/manager/system/device/rest/getAll', key: DEVICE_KEY },
  /** deviceDeployEndpoints.getAll: the grouping records of a type; cached under ['devices', 'deploy', deployType]. */
  deployRecords: { method: 'GET', path: '/manager/system/device/deploy/rest/getAll', key: [...DEVICE_KEY, 'deploy'] },
  /** deployClassifyEndpoints.findAll: the groups of a type; cached under ['devices', 'groups', deployType]. */
  groups: {
    method: 'GET',
    path: '/manager/system/device/deploy/classify/rest/findAll',
    key: [...DEVICE_KEY, 'groups'],
  },
} as const satisfies Record<string, Route>;
