import { DEVICE_ROUTES, type deviceDeployEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callRoute, endpointKey } from '../../../../lib/endpoint';

/** The grouping records of one type (1 project, 2 address), for the tree; under the device keys. */
export const deployRecordsQueryOptions = (deployType: number) =>
  queryOptions({
    queryKey: endpointKey(DEVICE_ROUTES.deployRecords, deployType),
    queryFn: () =>
      callRoute<typeof deviceDeployEndpoints.getAll>(DEVICE_ROUTES.deployRecords, { query: { deployType } }),
  });
