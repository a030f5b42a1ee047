import { deviceDetailEndpoints } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

/** The operation log entries about one device, newest first, a page at a time. */
export const deviceOperateLogQueryOptions = (deviceId: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...deviceDetailKeys.operateLog(deviceId), { pageNum, pageSize }],
    queryFn: () => callEndpoint(deviceDetailEndpoints.getOperateLog, { query: { deviceId, pageNum, pageSize } }),
    placeholderData: keepPreviousData,
  });
