import type { DeviceDeploy } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceKeys } from '../../../../lib/device-list';
import { DEVICE_URLS } from './urls';

/** One device's grouping records (its project and address group): what the edit dialog starts from. */
export const deviceDeploysQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'placement', deviceId] as const,
    queryFn: () => api.get<DeviceDeploy[]>(DEVICE_URLS.deployByDevice, { deviceId }),
  });
