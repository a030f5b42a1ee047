import type { DeployClassify } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deviceKeys } from './keys';
import { DEVICE_URLS } from './urls';

/** The groups of one type (1 projects, 2 addresses): the tree's first level. */
export const deployGroupsQueryOptions = (deployType: number) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'groups', deployType] as const,
    queryFn: () => api.get<DeployClassify[]>(DEVICE_URLS.classifyFindAll, { deployType }),
  });
