import { regularEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { RegularService } from './regular.service.js';

export const REGULAR_PERMISSION = 'settings.regular';
const READ = { permission: REGULAR_PERMISSION };
const WRITE = { permission: writeCode(REGULAR_PERMISSION) };
/** Deletes are GETs that change data: logged like the POSTs. */
const DELETE = { ...WRITE, operationLog: true };

/** Settings › regular (SPEC section 7 'regular': get, getByDeviceId, update; add, edit, delete are ours). */
export function regularRoutes(app: App, rules: RegularService): void {
  const tags = ['regular'];

  app.route({
    ...endpointRoute(regularEndpoints.list, {
      tags,
      summary:
        'Data rules of the devices in scope (projectId, ifFilter=1), paged, by device, factor and symbol (unit, linear, negative, detectionLimit, round)',
    }),
    config: READ,
    handler: async (request) => ok(await rules.list(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(regularEndpoints.byDevice, {
      tags,
      summary: 'A device’s data rules, by factor and in the order they apply',
    }),
    config: READ,
    handler: async (request) => ok(await rules.byDevice(request.query.deviceId, signedIn(request))),
  });

  app.route({
    ...endpointRoute(regularEndpoints.replace, {
      tags,
      summary:
        'Replaces a device’s data rules (one per factor and symbol); they apply on ingest from the next value, in the order unit conversion → linear correction → negatives → detection limit → GB/T 8170 rounding',
    }),
    config: WRITE,
    handler: async (request) => ok(await rules.replace(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(regularEndpoints.add, { tags, summary: 'Adds one data rule to a device’s factor' }),
    config: WRITE,
    handler: async (request) => ok(await rules.add(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(regularEndpoints.update, { tags, summary: 'Edits one data rule' }),
    config: WRITE,
    handler: async (request) => ok(await rules.edit(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(regularEndpoints.remove, { tags, summary: 'Deletes one data rule' }),
    config: DELETE,
    handler: async (request) => {
      await rules.remove(request.query.id, signedIn(request));
      return ok(null);
    },
  });
}
