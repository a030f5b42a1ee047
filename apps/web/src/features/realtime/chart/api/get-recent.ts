import type { RealtimeRecent } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { realtimeKeys } from '../../data/api/keys';
import { REALTIME_URLS } from '../../data/api/urls';

/** The chart's initial fill; the live push extends it, so it is fetched once per choice. */
export const realtimeRecentQueryOptions = (deviceId: number, factorCodes: readonly string[], minutes: number) =>
  queryOptions({
    queryKey: realtimeKeys.recent(deviceId, factorCodes, minutes),
    queryFn: () =>
      api.get<RealtimeRecent>(
        REALTIME_URLS.recent,
        { deviceId, factorCodes: factorCodes.join(','), minutes },
        { quiet: true },
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
