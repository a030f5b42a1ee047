import type { RealtimeOverflow } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const REALTIME_OVERFLOW_URL = '/data/realtime/rest/getOverflow';

/** The project's overflow stations; the live push (values and alarms) keeps them current once fetched. */
export const realtimeOverflowQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: ['realtime', 'overflow', projectId] as const,
    queryFn: () => api.get<RealtimeOverflow>(REALTIME_OVERFLOW_URL, { projectId }, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
