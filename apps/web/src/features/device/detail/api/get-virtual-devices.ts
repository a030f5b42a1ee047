import { virtualDeviceEndpoints } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

export const virtualDevicesQueryOptions = (deviceId: number, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: [...deviceDetailKeys.virtual(deviceId), { pageNum, pageSize }],
    queryFn: () => callEndpoint(virtualDeviceEndpoints.list, { query: { deviceId, pageNum, pageSize } }),
    placeholderData: keepPreviousData,
  });
