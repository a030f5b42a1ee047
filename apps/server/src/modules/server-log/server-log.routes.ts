import { SERVER_LOG_FILE_PATH, serverLogEndpoints, serverLogGetSchema } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { fileResponses, ok } from '../../lib/envelope.js';
import type { ServerLogService } from './server-log.service.js';

const PERMISSION = 'system.server-log';

/** The server log files (the list's path and schema: serverLogEndpoints) and one file's bytes. */
export function serverLogRoutes(app: App, serverLogs: ServerLogService): void {
  app.route({
    ...endpointRoute(serverLogEndpoints.list, { tags: ['serverLog'], summary: 'Server log files, newest first' }),
    config: { permission: PERMISSION },
    handler: async () => ok(await serverLogs.list()),
  });

  app.get(
    SERVER_LOG_FILE_PATH,
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
