import { authEndpoints, PUBLIC } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { OAuthService } from './oauth.service.js';

/** The OAuth2 sign-in (path and schemas: authEndpoints.oauth). */
export function oauthRoutes(app: App, oauth: OAuthService): void {
  app.route({
    ...endpointRoute(authEndpoints.oauth, {
      tags: ['login'],
      summary: 'Exchange an OAuth2 authorization code with the configured provider for one of our tokens',
    }),
    // Signs in: logged like the login POST although it is a GET.
    config: { permission: PUBLIC, operationLog: true },
    handler: async (request) => {
      const { result, actor } = await oauth.login(request.params.code);
      request.actor = actor;
      return ok(result);
    },
  });
}
