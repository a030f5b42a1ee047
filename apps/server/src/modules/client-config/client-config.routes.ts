import { clientConfigEndpoints, PUBLIC, type ClientConfig } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';

/** The console's settings (path and schema: clientConfigEndpoints). */
export function clientConfigRoutes(app: App, config: ClientConfig): void {
  app.route({
    ...endpointRoute(clientConfigEndpoints.get, {
      tags: ['config'],
      summary: 'Console settings needed before sign-in (default language and size, OAuth, map tiles)',
    }),
    config: { permission: PUBLIC },
    handler: () => ok(config),
  });
}
