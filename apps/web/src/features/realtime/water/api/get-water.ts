import { realtimeEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';
import { projectQuery } from '../../data/api/get-latest';

/**
 * The project's water stations (every project when none is chosen). Fetched once; the live push
 * keeps the cards current from then on. Quiet: the screen shows a failure with a retry.
 */
export const realtimeWaterQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: endpointKey(realtimeEndpoints.water, projectId),
    queryFn: () => callEndpoint(realtimeEndpoints.water, { query: projectQuery(projectId) }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
