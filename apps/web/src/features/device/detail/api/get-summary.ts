import type { DeviceSummary } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

export const deviceSummaryQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.summary(deviceId),
    queryFn: () => api.get<DeviceSummary>(DEVICE_DETAIL_URLS.summary, { deviceId }),
  });
