import { loginResultSchema, oauthCodeParamSchema, PUBLIC } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { OAuthService } from './oauth.service.js';

export function oauthRoutes(app: App, oauth: OAuthService): void {
  app.get(
    '/manager/system/login/rest/oauth/:code',
    {
      // Signs in: logged like the login POST although it is a GET.
      config: { permission: PUBLIC, operationLog: true },
      schema: {
        tags: ['login'],
        summary: 'Exchange an OAuth2 authorization code with the configured provider for one of our tokens',
        params: oauthCodeParamSchema,
        response: envelopeResponses(loginResultSchema),
      },
    },
    async (request) => {
      const { result, actor } = await oauth.login(request.params.code);
      request.actor = actor;
      return ok(result);
    },
  );
}
