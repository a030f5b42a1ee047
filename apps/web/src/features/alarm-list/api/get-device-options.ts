import { type Device, LIMITS, type Page } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { deviceKeys } from '../../device/api/keys';
import { ALARM_LIST_URLS } from './urls';

/** Device names change rarely; a minute spares a call per tab switch. */
const OPTIONS_STALE_MS = 60_000;

/**
 * The project's devices for the device selects (alarm filters, threshold settings). Quiet: a user
 * who may see alarms but not the device list gets an empty select rather than a refusal toast.
 */
export const deviceOptionsQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    // Under the device keys: a device added or renamed on the device panel shows up here too.
    queryKey: [...deviceKeys.all, 'options', projectId ?? null] as const,
    queryFn: () =>
      api.get<Page<Device>>(
        ALARM_LIST_URLS.devices,
        { projectId, pageNum: 1, pageSize: LIMITS.maxPageSize },
        { quiet: true },
      ),
    select: (page) =>
      page.list.map((device) => ({ value: device.id, label: device.deviceName, deviceType: device.deviceType })),
    staleTime: OPTIONS_STALE_MS,
  });
