import { clientConfigSchema, PUBLIC, type ClientConfig } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';

export function clientConfigRoutes(app: App, config: ClientConfig): void {
  app.get(
    '/manager/system/config/rest/get',
    {
      config: { permission: PUBLIC },
      schema: {
        tags: ['config'],
        summary: 'Console settings needed before sign-in (default language and size, OAuth, map tiles)',
        response: envelopeResponses(clientConfigSchema),
      },
    },
    () => ok(config),
  );
}
