import { cameraEndpoints, queryEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { CameraService } from './camera.service.js';

export const CAMERA_SETTINGS_PERMISSION = 'settings.video-ys';
export const VIDEO_PERMISSION = 'query.video';
const READ = { permission: CAMERA_SETTINGS_PERMISSION };
const WRITE = { permission: writeCode(CAMERA_SETTINGS_PERMISSION) };
/** Deletes are GETs that change data: logged like the POSTs. */
const DELETE = { ...WRITE, operationLog: true };

/**
 * Settings 'video ys' (SPEC section 7: ys list, get, policySet; add, update, delete; paths and schemas:
 * cameraEndpoints) and the video query (its path and schemas: queryEndpoints.video).
 */
export function cameraRoutes(app: App, cameras: CameraService): void {
  const tags = ['video'];

  app.route({
    ...endpointRoute(cameraEndpoints.list, {
      tags,
      summary: 'Cameras, paged, by device or name, of the devices in scope (projectId, ifFilter=1)',
    }),
    config: READ,
    handler: async (request) => ok(await cameras.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(cameraEndpoints.get, { tags, summary: 'One camera' }),
    config: READ,
    handler: async (request) => ok(await cameras.get(request.query.id, signedIn(request))),
  });

  app.route({
    ...endpointRoute(cameraEndpoints.add, {
      tags,
      summary: 'Attach a camera to a device: name, HLS address (http/https, ≤ 512), enabled',
    }),
    config: WRITE,
    handler: async (request) => ok(await cameras.add(request.body)),
  });

  app.route({
    ...endpointRoute(cameraEndpoints.update, { tags, summary: 'Edit a camera' }),
    config: WRITE,
    handler: async (request) => ok(await cameras.update(request.body)),
  });

  app.route({
    ...endpointRoute(cameraEndpoints.policySet, {
      tags,
      summary:
        "Set a camera's policy: visibility (scope: everyone who sees its device; bound: users bound to it) and maxPlaySeconds (0: no limit)",
    }),
    config: WRITE,
    handler: async (request) => ok(await cameras.policySet(request.body)),
  });

  app.route({
    ...endpointRoute(cameraEndpoints.remove, { tags, summary: 'Delete a camera' }),
    config: DELETE,
    handler: async (request) => {
      await cameras.remove(request.query.id);
      return ok(null);
    },
  });

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
