import { type EndpointQuery, REALTIME_ROUTES, type realtimeEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../../../lib/endpoint';
import { realtimeKeys } from './keys';

type Latest = typeof realtimeEndpoints.latest;

/** The project chosen in the header, null for every project: the api client leaves a null out of the query. */
export const projectQuery = (projectId: number | null) => ({ projectId }) as EndpointQuery<Latest>;

/**
 * The latest values of the project's devices (every project when none is chosen). Fetched once;
 * the live push keeps the screen current from then on, so it is never considered stale.
 * Quiet: the screen shows a failure with a retry instead of a toast. The call is the schema-free route
 * (the first screen after sign-in loads no zod), typed by the full declaration.
 */
export const realtimeLatestQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: realtimeKeys.latest(projectId),
    queryFn: () => callRoute<Latest>(REALTIME_ROUTES.latest, { query: projectQuery(projectId) }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
