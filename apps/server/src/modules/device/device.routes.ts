import {
  deviceCodeQuerySchema,
  deviceEndpoints,
  deviceInputSchema,
  deviceSchema,
  deviceStatusQuerySchema,
  deviceStatusSchema,
  deviceUpdateSchema,
  deviceUserSchema,
  idParamSchema,
  SIGNED_IN,
  writeCode,
} from '@envmon/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import { type Access, decide } from '../session/permission.js';
import type { DeviceService, DeviceViewer } from './device.service.js';

export const DEVICE_PERMISSION = 'system.device';
const DEVICE = '/manager/system/device/rest';
const read = { permission: DEVICE_PERMISSION };
/**
 * getAll is one of SPEC section 7's common reads: the screens that pick devices (alarms,
 * thresholds, the real-time screens) list them too, without the right to manage them.
 */
const DEVICE_LIST_READERS = [
  DEVICE_PERMISSION,
  'alarm.list',
  'settings.threshold',
  'realtime.data',
  'realtime.chart',
  'realtime.water',
  'realtime.overflow',
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

/** The device API of SPEC section 7 'Device' (batAdd, export and the virtual devices live elsewhere). */
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

  app.post(
    `${DEVICE}/add`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a device (a taken code: failure with data.reason UNIQUENESS)',
        body: deviceInputSchema,
        response: envelopeResponses(deviceSchema),
      },
    },
    async (request) => ok(await devices.add(request.body)),
  );

  app.post(
    `${DEVICE}/update`,
    {
      config: write,
      schema: {
        tags,
        summary: "Update a device; a bound device's code and type cannot change (data.reason CONSISTENCY)",
        body: deviceUpdateSchema,
        response: envelopeResponses(deviceSchema),
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await devices.update(id, input));
    },
  );

  app.get(
    `${DEVICE}/delete`,
    {
      // A GET that changes data: logged like the POSTs.
      config: { ...write, operationLog: true },
      schema: {
        tags,
        summary: 'Delete a device not bound to a custom user or monitor factors (its stored data stays)',
        querystring: idParamSchema,
        response: envelopeResponses(z.null()),
      },
    },
    async (request) => {
      await devices.remove(request.query.id);
      return ok(null);
    },
  );

  app.get(
    `${DEVICE}/getUsers`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The users bound to a device (the code is among their device codes)',
        querystring: deviceCodeQuerySchema,
        response: envelopeResponses(z.array(deviceUserSchema)),
      },
    },
    async (request) => ok(await devices.users(request.query.deviceCode, signedIn(request))),
  );

  app.get(
    `${DEVICE}/getStatus`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Online state of every device the caller sees (ifFilter, projectId as getAll)',
        querystring: deviceStatusQuerySchema,
        response: envelopeResponses(z.array(deviceStatusSchema)),
      },
    },
    async (request) => ok(await devices.statuses(request.query, signedIn(request))),
  );

  app.get(
    '/manager/system/user/rest/getInstalledDevs',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "The devices bound to the caller (the caller's device codes)",
        response: envelopeResponses(z.array(deviceSchema)),
      },
    },
    async (request) => ok(await devices.installed(deviceViewer(request))),
  );
}
