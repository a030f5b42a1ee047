import { DASHBOARD_DEFAULTS, dashboardEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint';

const SECOND_MS = 1_000;

/**
 * The caller's dashboard snapshot (getDashboardInfoByUserId): their configuration and every figure it
 * shows, for the header's project. Refetched at the configuration's refresh interval and not on window
 * focus, so a wall left open makes one call a refresh and no more (its changes in between come pushed).
 */
export const dashboardInfoQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: endpointKey(dashboardEndpoints.info, { projectId }),
    queryFn: () => callEndpoint(dashboardEndpoints.info, { query: projectId === null ? {} : { projectId } }),
    refetchInterval: (query) =>
      (query.state.data?.config.refreshSeconds ?? DASHBOARD_DEFAULTS.refreshSeconds) * SECOND_MS,
    staleTime: (query) => (query.state.data?.config.refreshSeconds ?? DASHBOARD_DEFAULTS.refreshSeconds) * SECOND_MS,
    refetchOnWindowFocus: false,
  });
