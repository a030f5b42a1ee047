import {
  realtimeLatestQuerySchema,
  realtimeLatestSchema,
  realtimeOverflowSchema,
  realtimeRecentQuerySchema,
  realtimeRecentSchema,
  realtimeStationsQuerySchema,
  realtimeWaterSchema,
} from '../schemas/realtime.js';
import { defineEndpoint } from './endpoint.js';
import { REALTIME_ROUTES } from './realtime-routes.js';

/** The real-time screens' reads (data service); the live push keeps them current once fetched. */
export const realtimeEndpoints = {
  /** Latest value per factor of every device of the project, with online state (the data and chart screens). */
  latest: defineEndpoint({
    ...REALTIME_ROUTES.latest,
    query: realtimeLatestQuerySchema,
    response: realtimeLatestSchema,
  }),
  /** A device's real-time values of the last minutes, for the chosen factors (the chart's initial fill). */
  recent: defineEndpoint({
    ...REALTIME_ROUTES.recent,
    query: realtimeRecentQuerySchema,
    response: realtimeRecentSchema,
  }),
  /** The project's water stations with their surface-water class and the last day's averages. */
  water: defineEndpoint({
    ...REALTIME_ROUTES.water,
    query: realtimeStationsQuerySchema,
    response: realtimeWaterSchema,
  }),
  /** The project's overflow stations: level, state per overflow type, active overflow alarms. */
  overflow: defineEndpoint({
    ...REALTIME_ROUTES.overflow,
    query: realtimeStationsQuerySchema,
    response: realtimeOverflowSchema,
  }),
};
