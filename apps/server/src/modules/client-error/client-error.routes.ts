import { clientErrorSchema, PUBLIC } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { ClientErrorService } from './client-error.service.js';

/** Generous for a message and a stack, small enough that the endpoint cannot be used to fill disks. */
const BODY_LIMIT = 16 * 1024;

export function clientErrorRoutes(app: App, clientErrors: ClientErrorService): void {
  app.post(
    '/manager/system/clientError/rest/report',
    {
      bodyLimit: BODY_LIMIT,
      // Written to the server log instead; a public endpoint must not grow the database.
      config: { permission: PUBLIC, operationLog: false },
      schema: {
        tags: ['clientError'],
        summary: 'Report an unhandled console error to the server log (rate-limited per IP)',
        body: clientErrorSchema,
        response: envelopeResponses(z.null()),
      },
    },
    (request) => {
      clientErrors.report(request.body, request.ip);
      return ok(null);
    },
  );
}
