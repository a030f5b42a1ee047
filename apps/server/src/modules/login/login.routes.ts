import { loginResultSchema, loginSchema, PUBLIC, SIGNED_IN } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { SessionService } from '../session/session.service.js';
import type { LoginService } from './login.service.js';

export function loginRoutes(app: App, login: LoginService, sessions: SessionService): void {
  app.post(
    '/manager/system/login/rest/login',
    {
      config: { permission: PUBLIC },
      schema: {
        tags: ['login'],
        summary:
          'Sign in with user name (trimmed) and password; returns the token. Throttled per user name and address: a refused attempt answers data.retryAfterMs',
        body: loginSchema,
        response: envelopeResponses(loginResultSchema),
      },
    },
    async (request) => {
      const { result, actor } = await login.login(request.body, request.ip);
      request.actor = actor;
      return ok(result);
    },
  );

  app.post(
    '/manager/system/login/rest/logout',
    {
      config: { permission: SIGNED_IN },
      schema: { tags: ['login'], summary: 'Revoke the calling token', response: envelopeResponses(z.null()) },
    },
    async (request) => {
      await sessions.revoke(signedIn(request).sessionId);
      return ok(null);
    },
  );
}
