import { CONTROL_PAGES, counterControlEndpoints, deviceParameterEndpoints, writeCode } from '@envmon/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import { mayEditDevices } from '../device/device.routes.js';
import type { CommandCaller, CommandService } from './command.service.js';
import type { DeviceParameterService } from './device-parameter.service.js';

/** The screens that send commands: Settings › counter control and device parameters, Water station › control. */
const READ = { permission: CONTROL_PAGES };
const WRITE = { permission: CONTROL_PAGES.map(writeCode) };

/** Station passwords in the packets only for those who may edit devices (issue 13). */
function commandCaller(request: FastifyRequest): CommandCaller {
  const caller = signedIn(request);
  return { ...caller, seesStationPasswords: mayEditDevices(caller), ip: request.ip };
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

const PARAMETERS = 'settings.device-parameters';

/** Settings › device parameters (SPEC section 7: deviceParameters get, update, delete; and readAll). */
export function deviceParameterRoutes(app: App, parameters: DeviceParameterService): void {
  const tags = ['deviceParameters'];

  app.route({
    ...endpointRoute(deviceParameterEndpoints.get, {
      tags,
      summary:
        'A device’s parameters by name and factor: as the station last reported them, as the platform wants them, and the last command that read or set each',
    }),
    config: { permission: [PARAMETERS, 'water.control'] },
    handler: async (request) => ok(await parameters.list(request.query.deviceId, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceParameterEndpoints.update, {
      tags,
      summary:
        'Sets the value the platform wants and queues the command that sets it on the station (1000 time-out and resends, 1062/1064 intervals, 1012 clock, 3016 sampling period, 3021 site parameters i13xxx); parameters the station only reports cannot be set',
    }),
    config: { permission: writeCode(PARAMETERS) },
    handler: async (request) => ok(await parameters.update(request.body, commandCaller(request))),
  });

  app.route({
    ...endpointRoute(deviceParameterEndpoints.remove, {
      tags,
      summary: 'Forgets a stored parameter (the station keeps its value; the next read brings it back)',
    }),
    config: { permission: writeCode(PARAMETERS) },
    handler: async (request) => {
      await parameters.remove(request.query.id, signedIn(request));
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute(deviceParameterEndpoints.readAll, {
      tags,
      summary:
        'Asks the station for everything it can report (1011 time, 1061/1063 intervals, 3019 instrument SNs, 3020 site information); answers the commands queued',
    }),
    config: { permission: writeCode(PARAMETERS) },
    handler: async (request) => ok(await parameters.readAll(request.body, commandCaller(request))),
  });
}
