import { serverLogFileSchema, serverLogGetSchema } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, fileResponses, ok } from '../../lib/envelope.js';
import type { ServerLogService } from './server-log.service.js';

const PERMISSION = 'system.server-log';

export function serverLogRoutes(app: App, serverLogs: ServerLogService): void {
  app.get(
    '/manager/system/serverLog/rest/getList',
    {
      config: { permission: PERMISSION },
      schema: {
        tags: ['serverLog'],
        summary: 'Server log files, newest first',
        response: envelopeResponses(z.array(serverLogFileSchema)),
      },
    },
    async () => ok(await serverLogs.list()),
  );

  app.get(
    '/manager/system/serverLog/rest/get',
    {
      config: { permission: PERMISSION },
      schema: {
        tags: ['serverLog'],
        summary: 'Download one server log file',
        querystring: serverLogGetSchema,
        response: fileResponses('the log file'),
      },
    },
    async (request, reply) => {
      const { fileName } = request.query;
      const { stream, size } = await serverLogs.open(fileName);
      return reply
        .type('application/octet-stream')
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
}
