import { authEndpoints, SIGNED_IN } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { PasswordService } from './password.service.js';

/** The caller's password change (path and schema: authEndpoints.changePassword). */
export function passwordRoutes(app: App, passwords: PasswordService): void {
  app.route({
    ...endpointRoute(authEndpoints.changePassword, {
      tags: ['password'],
      summary: "Change the caller's password (query parameters, as the spec has it)",
    }),
    config: { permission: SIGNED_IN },
    handler: async (request) => {
      await passwords.change(signedIn(request), request.query.oldPassword, request.query.newPassword);
      return ok(null);
    },
  });
}
