import { type Device, type DeviceQuery, LIMITS } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { deviceKeys, getDevicePage } from '../../../../lib/device-list';

/** The table's filters (deviceQuerySchema without paging). */
export type DeviceFilters = Pick<DeviceQuery, 'deviceName' | 'deviceCode' | 'deviceType' | 'ifValid' | 'projectId'>;

/** One page of the device table: 200 rows a page (SPEC section 9). */
export const devicePageQueryOptions = (pageNum: number, filters: DeviceFilters) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'page', pageNum, filters] as const,
    queryFn: () => getDevicePage({ ...filters, pageNum, pageSize: LIMITS.devicePageSize }),
    placeholderData: keepPreviousData,
  });

/**
 * Every device of the project, for the tree and the map: the largest pages the server allows,
 * the rest fetched together once the first has told how many there are.
 */
export async function fetchAllDevices(projectId: number | undefined): Promise<Device[]> {
  const pageSize = LIMITS.maxPageSize;
  const get = (pageNum: number) => getDevicePage({ projectId, pageNum, pageSize });
  const first = await get(1);
  const pages = Math.ceil(first.total / pageSize);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => get(i + 2)));
  return [first, ...rest].flatMap((page) => page.list);
}

export const allDevicesQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'every', projectId ?? null] as const,
    queryFn: () => fetchAllDevices(projectId),
  });
