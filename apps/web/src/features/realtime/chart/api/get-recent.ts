import { type EndpointQuery, realtimeEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { realtimeKeys } from '../../data/api/keys';

/** The chart's initial fill; the live push extends it, so it is fetched once per choice. */
export const realtimeRecentQueryOptions = (deviceId: number, factorCodes: readonly string[], minutes: number) =>
  queryOptions({
    queryKey: realtimeKeys.recent(deviceId, factorCodes, minutes),
    queryFn: () =>
      callEndpoint(
        realtimeEndpoints.recent,
        {
          // The factors comma-joined, which the declared schema parses into a list.
          query: { deviceId, factorCodes: factorCodes.join(','), minutes } as unknown as EndpointQuery<
            typeof realtimeEndpoints.recent
          >,
        },
        { quiet: true },
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
