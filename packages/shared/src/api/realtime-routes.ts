import type { Route } from './public-routes.js';

const REALTIME = '/data/realtime/rest';

/** The real-time screens' query-key root: every read they cache starts with it. */
export const REALTIME_KEY = ['realtime'] as const;

/**
 * The real-time reads as method, path and key root, with no zod: realtimeEndpoints (./realtime.ts) adds their
 * schemas, and the console's first screen (real-time data) calls them through these, so that its download
 * carries no schema (scripts/bundle-budget.mjs).
 */
export const REALTIME_ROUTES = {
  latest: { method: 'GET', path: `${REALTIME}/getLatest`, key: [...REALTIME_KEY, 'latest'] },
  recent: { method: 'GET', path: `${REALTIME}/getRecent`, key: [...REALTIME_KEY, 'recent'] },
  water: { method: 'GET', path: `${REALTIME}/getWater`, key: [...REALTIME_KEY, 'water'] },
  overflow: { method: 'GET', path: `${REALTIME}/getOverflow`, key: [...REALTIME_KEY, 'overflow'] },
} as const satisfies Record<string, Route>;
