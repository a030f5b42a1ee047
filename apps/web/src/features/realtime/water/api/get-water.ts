import type { RealtimeWater } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const REALTIME_WATER_URL = '/data/realtime/rest/getWater';

/**
 * The project's water stations (every project when none is chosen). Fetched once; the live push
 * keeps the cards current from then on. Quiet: the screen shows a failure with a retry.
 */
export const realtimeWaterQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: ['realtime', 'water', projectId] as const,
    queryFn: () => api.get<RealtimeWater>(REALTIME_WATER_URL, { projectId }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
