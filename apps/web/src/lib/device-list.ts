import {
  type Device,
  DEVICE_KEY,
  DEVICE_ROUTES,
  type deviceEndpoints,
  type DeviceQuery,
  LIMITS,
  type Page,
} from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import type { RequestOptions } from './api';
import { callRoute, endpointKey } from './endpoint';

/**
 * The device list call's path (shared route): every screen's device list goes through `getDevicePage`. The header's
 * projects are on every screen, the first after sign-in too: this file's calls are the schema-free DEVICE_ROUTES,
 * typed by the full declarations, so that it loads no zod.
 */
export const DEVICE_LIST_URL = DEVICE_ROUTES.list.path;

/**
 * Query keys of devices (STYLE.md rules 7 and 16), rooted in the shared routes. Every key starts
 * with DEVICE_KEY ('devices'), so one invalidation after a device or deploy write refreshes the panel's
 * table, tree and map, the groups and every select.
 */
export const deviceKeys = {
  all: DEVICE_KEY,
  /** The project's devices as the selects and pickers read them. */
  options: (projectId: number | undefined) => endpointKey(DEVICE_ROUTES.list, 'options', projectId ?? null),
  /** The deploy groups of one type (1 projects, 2 addresses). */
  groups: (deployType: number) => endpointKey(DEVICE_ROUTES.groups, deployType),
};

/** One page of the devices the caller may see: the one web wrapper of the device list call. */
export const getDevicePage = (
  query: Partial<DeviceQuery> & { pageNum: number; pageSize: number },
  options?: Omit<RequestOptions, 'params'>,
): Promise<Page<Device>> => callRoute<typeof deviceEndpoints.getAll>(DEVICE_ROUTES.list, { query }, options);

/** Device names change rarely; a minute spares a call per tab switch. */
const OPTIONS_STALE_MS = 60_000;

/**
 * The project's devices for the device selects and pickers (alarm filters, threshold settings,
 * history), one cache entry whoever reads it; each reader shapes it with its own `select`. Quiet:
 * a user who may see alarms but not the device list gets an empty select rather than a refusal toast.
 */
export const projectDevicesQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    // Under the device keys: a device added or renamed on the device panel shows up here too.
    queryKey: deviceKeys.options(projectId),
    queryFn: () => getDevicePage({ projectId, pageNum: 1, pageSize: LIMITS.maxPageSize }, { quiet: true }),
    staleTime: OPTIONS_STALE_MS,
  });
