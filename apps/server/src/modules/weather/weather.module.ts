import type { ModuleContext } from '../module-context.js';
import { WeatherRepository } from './weather.repository.js';
import { weatherRoutes } from './weather.routes.js';
import { WeatherService } from './weather.service.js';

/** The common weather read. */
export function registerWeather({ app, db }: ModuleContext): void {
  weatherRoutes(app, new WeatherService(new WeatherRepository(db)));
}
