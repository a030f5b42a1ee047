import type { HttpMethod, QueryKeyRoot } from './endpoint.js';

/**
 * The calls the console makes before a schema is needed — the login screen's and the signed-in check's — as
 * method, path and query-key root only, with no zod: the system declarations (./system.ts) add their schemas
 * to these, and the login page's code builds its calls from these, so that its first download carries no
 * schema (scripts/bundle-budget.mjs).
 */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
  readonly key?: QueryKeyRoot;
}

const LOGIN = '/manager/system/login/rest';

export const PUBLIC_ROUTES = {
  /** The console's settings needed before sign-in; cached under ['config']. */
  clientConfig: { method: 'GET', path: '/manager/system/config/rest/get', key: ['config'] },
  login: { method: 'POST', path: `${LOGIN}/login` },
  logout: { method: 'POST', path: `${LOGIN}/logout` },
  /** The signed-in token's user info; cached under ['auth', 'user-info', token]. */
  userInfo: { method: 'GET', path: '/manager/system/user/rest/getByToken', key: ['auth', 'user-info'] },
} as const satisfies Record<string, Route>;
