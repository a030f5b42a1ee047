import { deviceDeployEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

/** The device's grouping records, at most one per deploy type (project, address): the deploy tab's list and what the edit dialog starts from, one cache. */
export const deviceDeploysQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.deploys(deviceId),
    queryFn: () => callEndpoint(deviceDeployEndpoints.getByDeviceId, { query: { deviceId } }),
  });
