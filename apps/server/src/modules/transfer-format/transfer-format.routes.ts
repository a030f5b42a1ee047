import { transferFormatEndpoints, writeCode } from '@envmon/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import { decide } from '../session/permission.js';
import type { TransferFormatCaller, TransferFormatService } from './transfer-format.service.js';

export const TRANSFER_FORMAT_PERMISSION = 'settings.transfer-format';
const READ = { permission: TRANSFER_FORMAT_PERMISSION };
const WRITE = { permission: writeCode(TRANSFER_FORMAT_PERMISSION) };

/** Upstream passwords only for those who may edit them. */
function caller(request: FastifyRequest): TransferFormatCaller {
  const auth = signedIn(request);
  return { ...auth, seesPasswords: decide(WRITE.permission, auth) === 'allow' };
}

/** Settings › transfer format (issue 20; paths and schemas: transferFormatEndpoints). */
export function transferFormatRoutes(app: App, service: TransferFormatService): void {
  const tags = ['transferformat'];

  app.route({
    ...endpointRoute(transferFormatEndpoints.get, {
      tags,
      summary: 'Upstream platforms, paged, by name (passwords masked for who may not edit)',
    }),
    config: READ,
    handler: async (request) => ok(await service.list(request.query, caller(request))),
  });

  app.route({
    ...endpointRoute(transferFormatEndpoints.getList, {
      tags,
      summary:
        'The devices forwarded to an upstream (those in scope: projectId, ifFilter=1): MN and password there, ' +
        'data kinds, factor map, value source, from when, and the forwarding status',
    }),
    config: READ,
    handler: async (request) => ok(await service.devices(request.query, caller(request))),
  });

  app.route({
    ...endpointRoute(transferFormatEndpoints.update, {
      tags,
      summary:
        'Add (no id) or edit an upstream: host, port, protocol 2017 or 2005, ST, password (the masked one keeps ' +
        'the saved), acknowledgements, resend time-out and count, enabled',
    }),
    config: WRITE,
    handler: async (request) => ok(await service.save(request.body, caller(request))),
  });

  app.route({
    ...endpointRoute(transferFormatEndpoints.updates, {
      tags,
      summary: 'Set the settings of many devices of one upstream at once (all in scope, each MN once per upstream)',
    }),
    config: WRITE,
    handler: async (request) => ok(await service.saveDevices(request.body, caller(request))),
  });

  app.route({
    ...endpointRoute(transferFormatEndpoints.remove, {
      tags,
      summary: 'Delete an upstream (id) with its devices and queue, or stop forwarding one device (id, deviceId)',
    }),
    // A GET that changes data: logged like the POSTs.
    config: { ...WRITE, operationLog: true },
    handler: async (request) => {
      await service.remove(request.query, caller(request));
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute(transferFormatEndpoints.removeByPost, { tags, summary: 'The same delete, by POST' }),
    config: WRITE,
    handler: async (request) => {
      await service.remove(request.body, caller(request));
      return ok(null);
    },
  });
}
