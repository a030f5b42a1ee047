import type { DeviceDeploy } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceKeys } from '../../../../lib/device-list';
import { DEVICE_URLS } from './urls';

/** The grouping records of one type (1 project, 2 address), for the tree. */
export const deployRecordsQueryOptions = (deployType: number) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'deploy', deployType] as const,
    queryFn: () => api.get<DeviceDeploy[]>(DEVICE_URLS.deployRecords, { deployType }),
  });
