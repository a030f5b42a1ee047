import type { OperationLog, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

/** The operation log entries about one device, newest first, a page at a time. */
export const deviceOperateLogQueryOptions = (deviceId: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...deviceDetailKeys.operateLog(deviceId), { pageNum, pageSize }],
    queryFn: () => api.get<Page<OperationLog>>(DEVICE_DETAIL_URLS.operateLog, { deviceId, pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });
