import { type Device, type DeviceQuery, LIMITS, type Page } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, type RequestOptions } from './api';

/** The device list call (SPEC section 7, 'Device'): every screen's device list goes through `getDevicePage`. */
export const DEVICE_LIST_URL = '/manager/system/device/rest/getAll';

/**
 * Query keys of devices (STYLE.md rule 7). Every key starts with 'devices', so one invalidation
 * after a device or deploy write refreshes the panel's table, tree and map, the groups and every select.
 */
export const deviceKeys = {
  all: ['devices'] as const,
  /** The project's devices as the selects and pickers read them. */
  options: (projectId: number | undefined) => [...deviceKeys.all, 'options', projectId ?? null] as const,
  /** The deploy groups of one type (1 projects, 2 addresses). */
  groups: (deployType: number) => [...deviceKeys.all, 'groups', deployType] as const,
};

/** One page of the devices the caller may see: the one web wrapper of the device list call. */
export const getDevicePage = (
  query: Partial<DeviceQuery> & { pageNum: number; pageSize: number },
  options?: Omit<RequestOptions, 'params'>,
): Promise<Page<Device>> => api.get<Page<Device>>(DEVICE_LIST_URL, query, options);

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
