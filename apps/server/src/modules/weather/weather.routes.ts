import { SIGNED_IN, weatherDaySchema, weatherQuerySchema } from '@envmon/shared';
import { z } from 'zod';
import type { App } from '../../app-types.js';
import { envelopeResponses, ok } from '../../lib/envelope.js';
import { signedIn } from '../../plugins/auth.js';
import type { WeatherService } from './weather.service.js';

const WEATHER = '/manager/system/weather/rest';

/** A common read (SPEC section 7): every signed-in user's screens (reports, dashboards) may ask for it. */
export function weatherRoutes(app: App, weather: WeatherService): void {
  app.get(
    `${WEATHER}/getByDate`,
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['weather'],
        summary:
          "A station's meteorological day values per date (temperature, humidity, pressure, wind speed, wind direction), beginDate to endDate (yyyy-MM-dd, ≤ 366 days)",
        querystring: weatherQuerySchema,
        response: envelopeResponses(z.array(weatherDaySchema)),
      },
    },
    async (request) => ok(await weather.byDate(request.query, signedIn(request))),
  );
}
