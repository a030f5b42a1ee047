import { DEVICE_ROUTES, type deployClassifyEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { deviceKeys } from './device-list';
import { callRoute } from './endpoint';

/**
 * The groups of one type (1 projects, 2 addresses): the header's projects, the device tree's first
 * level, the groups a device can join. One key for all of them, under the device keys.
 */
export const deployGroupsQueryOptions = (deployType: number) =>
  queryOptions({
    queryKey: deviceKeys.groups(deployType),
    queryFn: () => callRoute<typeof deployClassifyEndpoints.findAll>(DEVICE_ROUTES.groups, { query: { deployType } }),
  });
