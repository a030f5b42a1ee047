import { deviceDeployEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The grouping records of one type (1 project, 2 address), for the tree; under the device keys. */
export const deployRecordsQueryOptions = (deployType: number) =>
  queryOptions({
    queryKey: endpointKey(deviceDeployEndpoints.getAll, deployType),
    queryFn: () => callEndpoint(deviceDeployEndpoints.getAll, { query: { deployType } }),
  });
