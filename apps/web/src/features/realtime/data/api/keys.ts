import { REALTIME_KEY, realtimeEndpoints } from '@envmon/shared';
import { endpointKey } from '../../../../lib/endpoint';

/** Query keys of the real-time screens (STYLE.md rules 7 and 16), rooted in the shared declarations. */
export const realtimeKeys = {
  all: REALTIME_KEY,
  latest: (projectId: number | null) => endpointKey(realtimeEndpoints.latest, projectId),
  recent: (deviceId: number, factorCodes: readonly string[], minutes: number) =>
    endpointKey(realtimeEndpoints.recent, deviceId, factorCodes.join(','), minutes),
};
