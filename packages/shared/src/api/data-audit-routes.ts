import type { Route } from './public-routes.js';

const DATA_AUDIT = '/manager/settings/dataAudit/rest';

/** The audits' query-key root: an audit or a revoke invalidates it. */
export const DATA_AUDIT_KEY = ['dataAudit'] as const;

/**
 * The data audit's calls as method, path and key root, with no zod: dataAuditEndpoints (./data-audit.ts) adds
 * their schemas, and the console calls these, since the water domain's audit parts are part of its shell, so that
 * the first screen's download carries no schema (scripts/bundle-budget.mjs).
 */
export const DATA_AUDIT_ROUTES = {
  getList: { method: 'POST', path: `${DATA_AUDIT}/getList`, key: DATA_AUDIT_KEY },
  add: { method: 'POST', path: `${DATA_AUDIT}/add` },
  update: { method: 'POST', path: `${DATA_AUDIT}/update` },
  uninstall: { method: 'POST', path: `${DATA_AUDIT}/uninstall` },
  grid: { method: 'POST', path: `${DATA_AUDIT}/grid`, key: [...DATA_AUDIT_KEY, 'grid'] },
} as const satisfies Record<string, Route>;
