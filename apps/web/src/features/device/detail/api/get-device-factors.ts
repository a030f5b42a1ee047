import type { DeviceFactor } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

/** The device's monitor factors with their per-device settings, in display order. */
export const deviceFactorsQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.factors(deviceId),
    queryFn: () => api.get<DeviceFactor[]>(DEVICE_DETAIL_URLS.deviceFactors, { deviceId }),
  });
