import type { FastifyRequest } from 'fastify';
import type { App } from '../app-types.js';
import { forbidden, notSignedIn } from '../lib/errors.js';
import { type AuthContext, decide } from '../modules/session/permission.js';
import type { RoleService } from '../modules/role/role.service.js';
import type { SessionService } from '../modules/session/session.service.js';

/** The token from header `token` or `Authorization: Bearer` — never the URL, which browsers and proxies keep. */
export function readToken(request: FastifyRequest): string | null {
  const header = request.headers.token;
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || null;
  return null;
}

/** The caller of a non-public route; the auth hook has set it before any handler runs. */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notSignedIn();
  return request.auth;
}

/**
 * Authentication and the permission check, before body parsing and validation so that a caller
 * without the right learns nothing else (401/403 come before 400).
 */
export function installAuth(app: App, deps: { sessions: SessionService; roles: RoleService }): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    // Only the not-found handler has no permission; it answers 404 to everyone.
    if (permission === undefined || decide(permission, null) === 'allow') return;

    const token = readToken(request);
    const identity = token ? await deps.sessions.authenticate(token) : null;
    if (!identity) throw notSignedIn();
    const access = await deps.roles.accessOf(identity.userId);
    request.auth = { ...identity, ...access };
    request.actor = { userId: identity.userId, userName: identity.userName };
    if (decide(permission, access) === 'forbidden') throw forbidden();
  });
}
