import { passwordChangeSchema, SIGNED_IN } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { PasswordService } from './password.service.js';

export function passwordRoutes(app: App, passwords: PasswordService): void {
  app.post(
    '/manager/system/password/rest/change',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['password'],
        summary: "Change the caller's password (query parameters, as the spec has it)",
        querystring: passwordChangeSchema,
        response: envelopeResponses(z.null()),
      },
    },
    async (request) => {
      await passwords.change(signedIn(request), request.query.oldPassword, request.query.newPassword);
      return ok(null);
    },
  );
}
