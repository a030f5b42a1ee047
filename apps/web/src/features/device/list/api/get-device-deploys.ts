import { deviceDeployEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { deviceKeys } from '../../../../lib/device-list';
import { callEndpoint } from '../../../../lib/endpoint';

/** One device's grouping records (its project and address group): what the edit dialog starts from. */
export const deviceDeploysQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'placement', deviceId] as const,
    queryFn: () => callEndpoint(deviceDeployEndpoints.getByDeviceId, { query: { deviceId } }),
  });
