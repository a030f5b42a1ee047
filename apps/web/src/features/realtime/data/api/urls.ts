import { realtimeEndpoints } from '@envmon/shared';

/** The real-time screens' calls' paths (shared declarations). */
export const REALTIME_URLS = {
  latest: realtimeEndpoints.latest.path,
  recent: realtimeEndpoints.recent.path,
} as const;
