import type { Page, VirtualDevice } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

export const virtualDevicesQueryOptions = (deviceId: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...deviceDetailKeys.virtual(deviceId), { pageNum, pageSize }],
    queryFn: () => api.get<Page<VirtualDevice>>(DEVICE_DETAIL_URLS.virtualList, { deviceId, pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });
