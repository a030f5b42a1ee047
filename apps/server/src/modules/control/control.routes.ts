import { counterControlEndpoints, writeCode } from '@envmon/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import { mayEditDevices } from '../device/device.routes.js';
import type { CommandCaller, CommandService } from './command.service.js';

/** The screens that send commands: Settings › counter control and device parameters, Water station › control. */
export const CONTROL_PERMISSIONS = ['settings.counter-control', 'settings.device-parameters', 'water.control'];
const READ = { permission: CONTROL_PERMISSIONS };
const WRITE = { permission: CONTROL_PERMISSIONS.map(writeCode) };

/** Station passwords in the packets only for those who may edit devices (issue 13). */
function commandCaller(request: FastifyRequest): CommandCaller {
  const caller = signedIn(request);
  return { ...caller, seesStationPasswords: mayEditDevices(caller) };
}

/** Settings › counter control (SPEC section 7: countercontrol get, update, delete, uploadList). */
export function controlRoutes(app: App, commands: CommandService): void {
  const tags = ['countercontrol'];

  app.route({
    ...endpointRoute(counterControlEndpoints.get, {
      tags,
      summary:
        'Commands to the stations in scope (projectId, ifFilter=1), newest first, by device, CN, state and creation time',
    }),
    config: READ,
    handler: async (request) => ok(await commands.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(counterControlEndpoints.update, {
      tags,
      summary:
        'Queues a command (deviceId, cn, parameters checked against the HJ 212 command catalogue; notBefore schedules it, waitMinutes is how long it waits for the station to connect) or again a recorded one (id). A guarded command needs the caller’s dynamic code (code). Commands to one station are sent one at a time, oldest first',
    }),
    config: WRITE,
    handler: async (request) => ok(await commands.update(request.body, commandCaller(request))),
  });

  app.route({
    ...endpointRoute(counterControlEndpoints.remove, {
      tags,
      summary: 'Withdraws a command not yet sent (answers it withdrawn); one already sent cannot be withdrawn',
    }),
    config: WRITE,
    handler: async (request) => ok(await commands.withdraw(request.query.id, signedIn(request))),
  });

  app.route({
    ...endpointRoute(counterControlEndpoints.uploadList, {
      tags,
      summary:
        'A command’s packets as sent and received (station passwords masked unless the caller may edit devices) and what the station uploaded in answer, parsed into fields',
    }),
    config: READ,
    handler: async (request) => ok(await commands.exchange(request.query.id, commandCaller(request))),
  });
}
