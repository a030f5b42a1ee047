import { clientConfigEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from './endpoint';

/** Public and fixed for the life of the server process: read once per page load. */
export const consoleConfigQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(clientConfigEndpoints.get),
    queryFn: () => callEndpoint(clientConfigEndpoints.get, {}, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
