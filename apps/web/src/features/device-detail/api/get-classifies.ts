import type { DeployClassify, DeployType } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DEVICE_DETAIL_URLS } from './urls';

/** The groups of one type a device can join (the same key as the header's project list for type 1). */
export const classifiesQueryOptions = (deployType: DeployType) =>
  queryOptions({
    queryKey: ['deploy-classify', 'findAll', deployType],
    queryFn: () => api.get<DeployClassify[]>(DEVICE_DETAIL_URLS.classifyFindAll, { deployType }),
  });
