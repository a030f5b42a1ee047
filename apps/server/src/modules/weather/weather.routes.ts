import { queryEndpoints, SIGNED_IN } from '@envmon/shared';
import type { App } from '../../app-types.js';
import { endpointRoute } from '../../lib/endpoint-route.js';
import { ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { WeatherService } from './weather.service.js';

/**
 * A common read (SPEC section 7): every signed-in user's screens (reports, dashboards) may ask for it
 * (path and schemas: queryEndpoints.weather).
 */
export function weatherRoutes(app: App, weather: WeatherService): void {
  app.route({
    ...endpointRoute(queryEndpoints.weather, {
      tags: ['weather'],
      summary:
        "A station's meteorological day values per date (temperature, humidity, pressure, wind speed, wind direction), beginDate to endDate (yyyy-MM-dd, ≤ 366 days)",
    }),
    config: { permission: SIGNED_IN },
    handler: async (request) => ok(await weather.byDate(request.query, signedIn(request))),
  });
}
