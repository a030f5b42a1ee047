import { PUBLIC_ROUTES, type clientConfigEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callRoute, endpointKey } from './endpoint';

/** Public and fixed for the life of the server process: read once per page load. */
export const consoleConfigQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(PUBLIC_ROUTES.clientConfig),
    queryFn: () => callRoute<typeof clientConfigEndpoints.get>(PUBLIC_ROUTES.clientConfig, {}, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
