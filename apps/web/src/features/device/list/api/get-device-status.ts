import type { DeviceStatus } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceKeys } from '../../../../lib/device-list';
import { DEVICE_URLS } from './urls';

/** How often the map's colours are refreshed (stations report every few minutes). */
export const STATUS_REFRESH_MS = 60_000;

/** The gateway's online state of every device of the project, by device id. */
export const deviceStatusQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    queryKey: [...deviceKeys.all, 'status', projectId ?? null] as const,
    queryFn: () => api.get<DeviceStatus[]>(DEVICE_URLS.status, { projectId }),
    refetchInterval: STATUS_REFRESH_MS,
    select: (rows) => new Map(rows.map((row) => [row.deviceId, row.online])),
  });
