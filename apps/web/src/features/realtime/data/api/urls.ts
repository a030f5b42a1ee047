/** The real-time screens' calls (data service). */
export const REALTIME_URLS = {
  latest: '/data/realtime/rest/getLatest',
  recent: '/data/realtime/rest/getRecent',
} as const;
