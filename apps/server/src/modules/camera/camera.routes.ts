import {
  cameraInputSchema,
  cameraListQuerySchema,
  cameraPageSchema,
  cameraPolicySchema,
  cameraSchema,
  cameraUpdateSchema,
  idParamSchema,
  queryEndpoints,
  writeCode,
} from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { CameraService } from './camera.service.js';

const YS = '/manager/settings/ys/rest';
export const CAMERA_SETTINGS_PERMISSION = 'settings.video-ys';
export const VIDEO_PERMISSION = 'query.video';
const READ = { permission: CAMERA_SETTINGS_PERMISSION };
const WRITE = { permission: writeCode(CAMERA_SETTINGS_PERMISSION) };
/** Deletes are GETs that change data: logged like the POSTs. */
const DELETE = { ...WRITE, operationLog: true };

/**
 * Settings 'video ys' (SPEC section 7: ys list, get, policySet; add, update, delete) and the video query
 * (its path and schemas: queryEndpoints.video).
 */
export function cameraRoutes(app: App, cameras: CameraService): void {
  const tags = ['video'];

  app.get(
    `${YS}/list`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Cameras, paged, by device or name, of the devices in scope (projectId, ifFilter=1)',
        querystring: cameraListQuerySchema,
        response: envelopeResponses(cameraPageSchema),
      },
    },
    async (request) => ok(await cameras.list(request.query, signedIn(request))),
  );

  app.get(
    `${YS}/get`,
    {
      config: READ,
      schema: { tags, summary: 'One camera', querystring: idParamSchema, response: envelopeResponses(cameraSchema) },
    },
    async (request) => ok(await cameras.get(request.query.id, signedIn(request))),
  );

  app.post(
    `${YS}/add`,
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Attach a camera to a device: name, HLS address (http/https, ≤ 512), enabled',
        body: cameraInputSchema,
        response: envelopeResponses(cameraSchema),
      },
    },
    async (request) => ok(await cameras.add(request.body)),
  );

  app.post(
    `${YS}/update`,
    {
      config: WRITE,
      schema: { tags, summary: 'Edit a camera', body: cameraUpdateSchema, response: envelopeResponses(cameraSchema) },
    },
    async (request) => ok(await cameras.update(request.body)),
  );

  app.post(
    `${YS}/policySet`,
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          "Set a camera's policy: visibility (scope: everyone who sees its device; bound: users bound to it) and maxPlaySeconds (0: no limit)",
        body: cameraPolicySchema,
        response: envelopeResponses(cameraSchema),
      },
    },
    async (request) => ok(await cameras.policySet(request.body)),
  );

  app.get(
    `${YS}/delete`,
    {
      config: DELETE,
      schema: { tags, summary: 'Delete a camera', querystring: idParamSchema, response: envelopeResponses(z.null()) },
    },
    async (request) => {
      await cameras.remove(request.query.id);
      return ok(null);
    },
  );

  app.route({
    ...endpointRoute(queryEndpoints.video, {
      tags,
      summary:
        'The enabled cameras the caller may watch (of one device, or every device in scope), with their HLS address and play-time limit',
    }),
    config: { permission: VIDEO_PERMISSION },
    handler: async (request) => ok(await cameras.playable(request.query, signedIn(request))),
  });
}
