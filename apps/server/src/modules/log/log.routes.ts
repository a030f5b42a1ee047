import { operationLogEndpoints } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import type { LogService } from './log.service.js';

/** The operation log (path and schemas: operationLogEndpoints). */
export function logRoutes(app: App, logs: LogService): void {
  app.route({
    ...endpointRoute(operationLogEndpoints.list, {
      tags: ['log'],
      summary: 'Operation log, newest first (paged, filtered)',
    }),
    config: { permission: 'system.log' },
    handler: async (request) => {
      const { pageNum, pageSize, ...filter } = request.query;
      return ok(await logs.list(filter, { pageNum, pageSize }));
    },
  });
}
