import { type EndpointQuery, realtimeEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { realtimeKeys } from './keys';

/** The project chosen in the header, null for every project: the api client leaves a null out of the query. */
export const projectQuery = (projectId: number | null) =>
  ({ projectId }) as EndpointQuery<typeof realtimeEndpoints.latest>;

/**
 * The latest values of the project's devices (every project when none is chosen). Fetched once;
 * the live push keeps the screen current from then on, so it is never considered stale.
 * Quiet: the screen shows a failure with a retry instead of a toast.
 */
export const realtimeLatestQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: realtimeKeys.latest(projectId),
    queryFn: () => callEndpoint(realtimeEndpoints.latest, { query: projectQuery(projectId) }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
