import { deviceDetailEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { DeviceDetailService } from './device-detail.service.js';
import type { DeviceSyncService } from './device-detail.sync.js';
import { DEVICE_PERMISSION, deviceViewer } from './device.routes.js';

const read = { permission: DEVICE_PERMISSION };
const tags = ['device'];

/** The device detail tabs (summary, operation log, live data) and setting → sync (paths and schemas: deviceDetailEndpoints). */
export function deviceDetailRoutes(app: App, details: DeviceDetailService, sync: DeviceSyncService): void {
  app.route({
    ...endpointRoute(deviceDetailEndpoints.getSummary, {
      tags,
      summary: "A device's state, today's counts (its own day) and the span of its stored data",
    }),
    config: read,
    handler: async (request) => ok(await details.summary(request.query.deviceId, deviceViewer(request))),
  });

  app.route({
    ...endpointRoute(deviceDetailEndpoints.getOperateLog, {
      tags,
      summary: 'Operation log entries about the device (its id or code in the parameters), newest first',
    }),
    config: read,
    handler: async (request) => {
      const { deviceId, pageNum, pageSize } = request.query;
      return ok(await details.operationLog(deviceId, { pageNum, pageSize }, signedIn(request)));
    },
  });

  app.route({
    ...endpointRoute(deviceDetailEndpoints.getLatest, {
      tags,
      summary: "The device's latest value per factor, with the factor's name, unit and decimals",
    }),
    config: read,
    handler: async (request) => ok(await details.latest(request.query.deviceId, signedIn(request))),
  });

  app.route({
    ...endpointRoute(deviceDetailEndpoints.sync, {
      tags,
      summary: 'Push report interval (1062), clock (1012) and/or password (1072) to the connected station',
    }),
    config: { permission: writeCode(DEVICE_PERMISSION) },
    handler: async (request) => ok(await sync.sync(request.body.deviceId, request.body.items)),
  });
}
