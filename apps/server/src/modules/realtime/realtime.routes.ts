import { realtimeEndpoints } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { RealtimeService } from './realtime.service.js';

export const REALTIME_DATA_PERMISSION = 'realtime.data';
export const REALTIME_CHART_PERMISSION = 'realtime.chart';
export const REALTIME_WATER_PERMISSION = 'realtime.water';
export const REALTIME_OVERFLOW_PERMISSION = 'realtime.overflow';
const tags = ['realtime'];

/** The real-time screens' reads (data service; paths and schemas: realtimeEndpoints). */
export function realtimeRoutes(app: App, realtime: RealtimeService): void {
  app.route({
    ...endpointRoute(realtimeEndpoints.latest, {
      tags,
      summary:
        "Latest value per factor of every device of the project (all when absent), with online state; ifFilter=1: the caller's bound devices",
    }),
    // The chart screen lists the same devices (its device tree and factor names).
    config: { permission: [REALTIME_DATA_PERMISSION, REALTIME_CHART_PERMISSION] },
    handler: async (request) => ok(await realtime.latest(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(realtimeEndpoints.recent, {
      tags,
      summary:
        "A device's real-time values of the last minutes (default 60, at most a day), for the chosen factors; newest 20,000 at most",
    }),
    config: { permission: REALTIME_CHART_PERMISSION },
    handler: async (request) => ok(await realtime.recent(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(realtimeEndpoints.water, {
      tags,
      summary:
        "The project's water stations (ST 21): latest values with their surface-water class (1–5, 6 worse than V), the class limits, and the last day's half-hour averages",
    }),
    config: { permission: REALTIME_WATER_PERMISSION },
    handler: async (request) => ok(await realtime.water(request.query, signedIn(request))),
  });

  app.route({
    ...endpointRoute(realtimeEndpoints.overflow, {
      tags,
      summary:
        "The project's overflow stations (devices with an overflow-type threshold): level, state per overflow type, active overflow alarms, the level's last day",
    }),
    config: { permission: REALTIME_OVERFLOW_PERMISSION },
    handler: async (request) => ok(await realtime.overflow(request.query, signedIn(request))),
  });
}
