import { surfaceWaterLimitEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The national standard's class limits: fixed reference data, read once per visit. */
export const waterLimitsQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(surfaceWaterLimitEndpoints.getAll),
    queryFn: () => callEndpoint(surfaceWaterLimitEndpoints.getAll, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
