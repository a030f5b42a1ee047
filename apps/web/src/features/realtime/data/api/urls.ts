import { REALTIME_ROUTES } from '@envmon/shared';

/** The real-time screens' calls' paths (shared routes). */
export const REALTIME_URLS = {
  latest: REALTIME_ROUTES.latest.path,
  recent: REALTIME_ROUTES.recent.path,
} as const;
