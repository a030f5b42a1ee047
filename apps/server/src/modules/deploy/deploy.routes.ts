import { deployClassifyEndpoints, deviceDeployEndpoints, SIGNED_IN, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { DeployClassifyService, DeviceDeployService } from './deploy.service.js';

const READ = { permission: 'system.device' };
const WRITE = { permission: writeCode('system.device') };
/** Deletes are GETs that change data: logged like the POSTs. */
const DELETE = { ...WRITE, operationLog: true };
const tags = ['deploy'];

export function deployRoutes(app: App, classify: DeployClassifyService, deploy: DeviceDeployService): void {
  // Every screen's project selector reads the projects: any signed-in user.
  app.route({
    ...endpointRoute(deployClassifyEndpoints.findAll, {
      tags,
      summary: 'Device groupings of a type (deployType=1: projects)',
    }),
    config: { permission: SIGNED_IN },
    handler: async (request) => ok(await classify.findAll(request.query.deployType)),
  });

  app.route({
    ...endpointRoute(deviceDeployEndpoints.getAll, {
      tags,
      summary: 'Grouping records (deviceId → group) of a type; ifFilter=1: the caller’s bound devices only',
    }),
    config: READ,
    handler: async (request) => ok(await deploy.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deployClassifyEndpoints.list, { tags, summary: 'Device groupings, paged, by type and name' }),
    config: READ,
    handler: async (request) => ok(await classify.list(request.query)),
  });

  app.route({
    ...endpointRoute(deployClassifyEndpoints.add, { tags, summary: 'Add a grouping (1 project, 2 address)' }),
    config: WRITE,
    handler: async (request) => ok(await classify.add(request.body)),
  });

  app.route({
    ...endpointRoute(deployClassifyEndpoints.update, {
      tags,
      summary: 'Rename a grouping (its type only while it holds no device)',
    }),
    config: WRITE,
    handler: async (request) => {
      const { id, ...input } = request.body;
      return ok(await classify.update(id, input));
    },
  });

  app.route({
    ...endpointRoute(deployClassifyEndpoints.remove, { tags, summary: 'Delete a grouping that holds no device' }),
    config: DELETE,
    handler: async (request) => {
      await classify.remove(request.query.id);
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute(deviceDeployEndpoints.get, { tags, summary: 'One grouping record' }),
    config: READ,
    handler: async (request) => ok(await deploy.get(request.query.id, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceDeployEndpoints.getByDeviceId, {
      tags,
      summary: 'A device’s grouping records (at most one per type)',
    }),
    config: READ,
    handler: async (request) => ok(await deploy.byDevice(request.query.deviceId, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceDeployEndpoints.add, {
      tags,
      summary: 'Put a device in a group (type 1 also sets the device’s project)',
    }),
    config: WRITE,
    handler: async (request) => ok(await deploy.add(request.body)),
  });

  app.route({
    ...endpointRoute(deviceDeployEndpoints.update, {
      tags,
      summary: 'Move a grouping record to another group or device',
    }),
    config: WRITE,
    handler: async (request) => {
      const { id, ...input } = request.body;
      return ok(await deploy.update(id, input));
    },
  });

  app.route({
    ...endpointRoute(deviceDeployEndpoints.remove, { tags, summary: 'Take a device out of a group' }),
    config: DELETE,
    handler: async (request) => {
      await deploy.remove(request.query.id);
      return ok(null);
    },
  });
}
