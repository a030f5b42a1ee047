import { operationLogFilterSchema, operationLogSchema, pageQuerySchema, pageSchema } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import type { LogService } from './log.service.js';

export function logRoutes(app: App, logs: LogService): void {
  app.get(
    '/manager/system/log/rest/get',
    {
      config: { permission: 'system.log' },
      schema: {
        tags: ['log'],
        summary: 'Operation log, newest first (paged, filtered)',
        querystring: pageQuerySchema.extend(operationLogFilterSchema.shape),
        response: envelopeResponses(pageSchema(operationLogSchema)),
      },
    },
    async (request) => {
      const { pageNum, pageSize, ...filter } = request.query;
      return ok(await logs.list(filter, { pageNum, pageSize }));
    },
  );
}
