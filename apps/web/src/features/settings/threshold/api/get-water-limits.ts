import type { SurfaceWaterLimit } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { thresholdKeys } from './keys';
import { THRESHOLD_URLS } from './urls';

/** The national standard's class limits: fixed reference data, read once per visit. */
export const waterLimitsQueryOptions = () =>
  queryOptions({
    queryKey: thresholdKeys.waterLimits,
    queryFn: () => api.get<SurfaceWaterLimit[]>(THRESHOLD_URLS.waterLimits),
    staleTime: Number.POSITIVE_INFINITY,
  });
