import { clientErrorEndpoints, PUBLIC } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { ClientErrorService } from './client-error.service.js';

/** Generous for a message and a stack, small enough that the endpoint cannot be used to fill disks. */
const BODY_LIMIT = 16 * 1024;

export function clientErrorRoutes(app: App, clientErrors: ClientErrorService): void {
  app.route({
    ...endpointRoute(clientErrorEndpoints.report, {
      tags: ['clientError'],
      summary: 'Report an unhandled console error to the server log (rate-limited per IP)',
    }),
    bodyLimit: BODY_LIMIT,
    // Written to the server log instead; a public endpoint must not grow the database.
    config: { permission: PUBLIC, operationLog: false },
    handler: (request) => {
      clientErrors.report(request.body, request.ip);
      return ok(null);
    },
  });
}
