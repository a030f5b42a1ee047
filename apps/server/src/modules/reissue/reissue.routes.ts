import { reissueEndpoints, writeCode } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { ReissueService } from './reissue.service.js';

export const REISSUE_PERMISSION = 'settings.reissue';
const WRITE = { permission: writeCode(REISSUE_PERMISSION) };
const RANGE =
  'deviceIds (1–50), cn (2051 minute, 2061 hour, 2031 day data), beginTime ≤ endTime (epoch ms, both included; ≤ 31, 366 or 3660 days)';

/** Settings › reissue (SPEC section 7: reissue add, repair), and the list of its tasks. */
export function reissueRoutes(app: App, reissue: ReissueService): void {
  const tags = ['reissue'];

  app.route({
    ...endpointRoute(reissueEndpoints.add, {
      tags,
      summary: `Ask each device's station for its data of the whole range again, in the background: ${RANGE}. Answers the tasks made (running, or failed at once when the station is not connected)`,
    }),
    config: WRITE,
    handler: async (request) => ok(await reissue.add(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(reissueEndpoints.repair, {
      tags,
      summary: `Ask each device's station only for the periods of the range missing from the database (each stretch, or their whole span beyond 20): ${RANGE}. A device missing nothing is complete at once`,
    }),
    config: WRITE,
    handler: async (request) => ok(await reissue.repair(request.body, signedIn(request))),
  });

  app.route({
    ...endpointRoute(reissueEndpoints.list, {
      tags,
      summary: 'Reissue tasks of the devices in scope (projectId, ifFilter=1), newest first, by device and status',
    }),
    config: { permission: REISSUE_PERMISSION },
    handler: async (request) => ok(await reissue.list(request.query, signedIn(request))),
  });
}
