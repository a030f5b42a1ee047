import {
  deviceIdQuerySchema,
  deviceLatestValueSchema,
  deviceOperateLogQuerySchema,
  deviceSummarySchema,
  deviceSyncResultSchema,
  deviceSyncSchema,
  operationLogSchema,
  pageSchema,
  writeCode,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { DeviceDetailService } from './device-detail.service.js';
import type { DeviceSyncService } from './device-detail.sync.js';
import { DEVICE_PERMISSION, deviceViewer } from './device.routes.js';

const DETAIL = '/manager/system/device/detail/rest';
const read = { permission: DEVICE_PERMISSION };
const tags = ['device'];

/** The device detail tabs (summary, operation log, live data) and setting → sync. */
export function deviceDetailRoutes(app: App, details: DeviceDetailService, sync: DeviceSyncService): void {
  app.get(
    `${DETAIL}/getSummary`,
    {
      config: read,
      schema: {
        tags,
        summary: "A device's state, today's counts (its own day) and the span of its stored data",
        querystring: deviceIdQuerySchema,
        response: envelopeResponses(deviceSummarySchema),
      },
    },
    async (request) => ok(await details.summary(request.query.deviceId, deviceViewer(request))),
  );

  app.get(
    `${DETAIL}/getOperateLog`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Operation log entries about the device (its id or code in the parameters), newest first',
        querystring: deviceOperateLogQuerySchema,
        response: envelopeResponses(pageSchema(operationLogSchema)),
      },
    },
    async (request) => {
      const { deviceId, pageNum, pageSize } = request.query;
      return ok(await details.operationLog(deviceId, { pageNum, pageSize }, signedIn(request)));
    },
  );

  app.get(
    `${DETAIL}/getLatest`,
    {
      config: read,
      schema: {
        tags,
        summary: "The device's latest value per factor, with the factor's name, unit and decimals",
        querystring: deviceIdQuerySchema,
        response: envelopeResponses(z.array(deviceLatestValueSchema)),
      },
    },
    async (request) => ok(await details.latest(request.query.deviceId, signedIn(request))),
  );

  app.post(
    '/manager/system/device/setting/rest/sync',
    {
      config: { permission: writeCode(DEVICE_PERMISSION) },
      schema: {
        tags,
        summary: 'Push report interval (1062), clock (1012) and/or password (1072) to the connected station',
        body: deviceSyncSchema,
        response: envelopeResponses(z.array(deviceSyncResultSchema)),
      },
    },
    async (request) => ok(await sync.sync(request.body.deviceId, request.body.items)),
  );
}
