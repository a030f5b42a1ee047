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

const REALTIME = '/data/realtime/rest';

/** The real-time screens' query-key root: every read they cache starts with it. */
export const REALTIME_KEY = ['realtime'] as const;

/** The real-time screens' reads (data service); the live push keeps them current once fetched. */
export const realtimeEndpoints = {
  /** Latest value per factor of every device of the project, with online state (the data and chart screens). */
  latest: defineEndpoint({
    method: 'GET',
    path: `${REALTIME}/getLatest`,
    query: realtimeLatestQuerySchema,
    response: realtimeLatestSchema,
    key: [...REALTIME_KEY, 'latest'],
  }),
  /** A device's real-time values of the last minutes, for the chosen factors (the chart's initial fill). */
  recent: defineEndpoint({
    method: 'GET',
    path: `${REALTIME}/getRecent`,
    query: realtimeRecentQuerySchema,
    response: realtimeRecentSchema,
    key: [...REALTIME_KEY, 'recent'],
  }),
  /** The project's water stations with their surface-water class and the last day's averages. */
  water: defineEndpoint({
    method: 'GET',
    path: `${REALTIME}/getWater`,
    query: realtimeStationsQuerySchema,
    response: realtimeWaterSchema,
    key: [...REALTIME_KEY, 'water'],
  }),
  /** The project's overflow stations: level, state per overflow type, active overflow alarms. */
  overflow: defineEndpoint({
    method: 'GET',
    path: `${REALTIME}/getOverflow`,
    query: realtimeStationsQuerySchema,
    response: realtimeOverflowSchema,
    key: [...REALTIME_KEY, 'overflow'],
  }),
};
