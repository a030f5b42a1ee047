import { authEndpoints, PUBLIC, SIGNED_IN } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { SessionService } from '../session/session.service.js';
import type { LoginService } from './login.service.js';

/** Sign in and out (paths and schemas: authEndpoints). */
export function loginRoutes(app: App, login: LoginService, sessions: SessionService): void {
  app.route({
    ...endpointRoute(authEndpoints.login, {
      tags: ['login'],
      summary:
        'Sign in with user name (trimmed) and password; returns the token. Throttled per user name and address: a refused attempt answers data.retryAfterMs',
    }),
    config: { permission: PUBLIC },
    handler: async (request) => {
      const { result, actor } = await login.login(request.body, request.ip);
      request.actor = actor;
      return ok(result);
    },
  });

  app.route({
    ...endpointRoute(authEndpoints.logout, { tags: ['login'], summary: 'Revoke the calling token' }),
    config: { permission: SIGNED_IN },
    handler: async (request) => {
      await sessions.revoke(signedIn(request).sessionId);
      return ok(null);
    },
  });
}
