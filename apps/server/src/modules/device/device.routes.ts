import { CONTROL_PAGES, deviceEndpoints, SIGNED_IN, writeCode } from '@envmon/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import { type Access, decide } from '../session/permission.js';
import type { DeviceService, DeviceViewer } from './device.service.js';

export const DEVICE_PERMISSION = 'system.device';
const read = { permission: DEVICE_PERMISSION };
/**
 * getAll is one of SPEC section 7's common reads: the screens that pick devices (alarms,
 * thresholds, the real-time screens) list them too, without the right to manage them.
 */
const DEVICE_LIST_READERS = [
  DEVICE_PERMISSION,
  'alarm.list',
  'settings.threshold',
  // Its station picker: the stations a user's dashboard shows.
  'settings.dashboard',
  'realtime.data',
  'realtime.chart',
  'realtime.water',
  'realtime.overflow',
  // The station pickers of the screens that send commands to stations.
  ...CONTROL_PAGES,
] as const;
const write = { permission: writeCode(DEVICE_PERMISSION) };
const tags = ['device'];

/** May edit devices (system.device:write): the only ones shown station passwords, anywhere (issue 13). */
export function mayEditDevices(access: Access): boolean {
  return decide(writeCode(DEVICE_PERMISSION), access) === 'allow';
}

/** The caller as device reads see it: bound devices, and whether the station password may be shown. */
export function deviceViewer(request: FastifyRequest): DeviceViewer {
  const auth = signedIn(request);
  return {
    userId: auth.userId,
    isAdmin: auth.isAdmin,
    hasBoundDevices: auth.hasBoundDevices,
    mayEdit: mayEditDevices(auth),
  };
}

/**
 * The device API of SPEC section 7 'Device' (paths and schemas: deviceEndpoints; batAdd, export and the virtual
 * devices live elsewhere).
 */
export function deviceRoutes(app: App, devices: DeviceService): void {
  app.route({
    ...endpointRoute(deviceEndpoints.getAll, {
      tags,
      summary:
        'Devices, paged (200 a page) and filtered, of the caller’s scope (a user with bound devices: only those; ifFilter=1: only those bound to the caller)',
    }),
    config: { permission: DEVICE_LIST_READERS },
    handler: async (request) => ok(await devices.list(request.query, deviceViewer(request))),
  });

  app.route({
    ...endpointRoute(deviceEndpoints.add, {
      tags,
      summary: 'Add a device (a taken code: failure with data.reason UNIQUENESS)',
    }),
    config: write,
    handler: async (request) => ok(await devices.add(request.body)),
  });

  app.route({
    ...endpointRoute(deviceEndpoints.update, {
      tags,
      summary: "Update a device; a bound device's code and type cannot change (data.reason CONSISTENCY)",
    }),
    config: write,
    handler: async (request) => {
      const { id, ...input } = request.body;
      return ok(await devices.update(id, input));
    },
  });

  app.route({
    ...endpointRoute(deviceEndpoints.remove, {
      tags,
      summary: 'Delete a device not bound to a custom user or monitor factors (its stored data stays)',
    }),
    // A GET that changes data: logged like the POSTs.
    config: { ...write, operationLog: true },
    handler: async (request) => {
      await devices.remove(request.query.id);
      return ok(null);
    },
  });

  app.route({
    ...endpointRoute(deviceEndpoints.getUsers, {
      tags,
      summary: 'The users bound to a device (the code is among their device codes)',
    }),
    config: read,
    handler: async (request) => ok(await devices.users(request.query.deviceCode, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceEndpoints.getStatus, {
      tags,
      summary: 'Online state of every device the caller sees (ifFilter, projectId as getAll)',
    }),
    config: read,
    handler: async (request) => ok(await devices.statuses(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceEndpoints.getInstalledDevs, {
      tags,
      summary: "The devices bound to the caller (the caller's device codes)",
    }),
    config: { permission: SIGNED_IN },
    handler: async (request) => ok(await devices.installed(deviceViewer(request))),
  });
}
