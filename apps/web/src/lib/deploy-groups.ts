import type { DeployClassify } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { deviceKeys } from './device-list';

/** The deploy classify list (SPEC section 7, 'Classify'). */
export const DEPLOY_GROUPS_URL = '/manager/system/device/deploy/classify/rest/findAll';

/**
 * The groups of one type (1 projects, 2 addresses): the header's projects, the device tree's first
 * level, the groups a device can join. One key for all of them, under the device keys.
 */
export const deployGroupsQueryOptions = (deployType: number) =>
  queryOptions({
    queryKey: deviceKeys.groups(deployType),
    queryFn: () => api.get<DeployClassify[]>(DEPLOY_GROUPS_URL, { deployType }),
  });
