import { serverLogEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

export const serverLogFilesQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(serverLogEndpoints.list),
    queryFn: () => callEndpoint(serverLogEndpoints.list, {}),
  });
