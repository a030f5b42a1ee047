import type { DeviceDeploy } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

/** The device's grouping records: at most one per deploy type (project, address). */
export const deviceDeploysQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.deploys(deviceId),
    queryFn: () => api.get<DeviceDeploy[]>(DEVICE_DETAIL_URLS.deploysByDevice, { deviceId }),
  });
