import { realtimeEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';
import { projectQuery } from '../../data/api/get-latest';

/** The project's overflow stations; the live push (values and alarms) keeps them current once fetched. */
export const realtimeOverflowQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: endpointKey(realtimeEndpoints.overflow, projectId),
    queryFn: () => callEndpoint(realtimeEndpoints.overflow, { query: projectQuery(projectId) }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
