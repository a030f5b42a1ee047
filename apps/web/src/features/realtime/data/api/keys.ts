import { REALTIME_KEY, REALTIME_ROUTES } from '@envmon/shared';
import { endpointKey } from '../../../../lib/endpoint';

/** Query keys of the real-time screens (STYLE.md rules 7 and 16), rooted in the shared, schema-free routes. */
export const realtimeKeys = {
  all: REALTIME_KEY,
  latest: (projectId: number | null) => endpointKey(REALTIME_ROUTES.latest, projectId),
  recent: (deviceId: number, factorCodes: readonly string[], minutes: number) =>
    endpointKey(REALTIME_ROUTES.recent, deviceId, factorCodes.join(','), minutes),
};
