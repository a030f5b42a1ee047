import type { RealtimeLatest } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { realtimeKeys } from './keys';
import { REALTIME_URLS } from './urls';

/**
 * The latest values of the project's devices (every project when none is chosen). Fetched once;
 * the live push keeps the screen current from then on, so it is never considered stale.
 * Quiet: the screen shows a failure with a retry instead of a toast.
 */
export const realtimeLatestQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: realtimeKeys.latest(projectId),
    queryFn: () => api.get<RealtimeLatest>(REALTIME_URLS.latest, { projectId }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
