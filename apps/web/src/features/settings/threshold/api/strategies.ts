import type { AlarmStrategy, AlarmStrategyInput } from '@envmon/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { thresholdKeys } from './keys';
import { THRESHOLD_URLS } from './urls';

/** The stored strategies of one device (alarm types without one run on the defaults). */
export const strategiesQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: thresholdKeys.strategiesOf(deviceId),
    queryFn: () => api.get<AlarmStrategy[]>(THRESHOLD_URLS.strategies, { deviceId }),
  });

/** Creates or replaces the strategy of a device × alarm type. */
export function useSaveStrategy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmStrategyInput) => api.post<AlarmStrategy>(THRESHOLD_URLS.saveStrategy, body),
    onSuccess: () => client.invalidateQueries({ queryKey: thresholdKeys.strategies }),
  });
}

/** Deletes a strategy: the alarm type falls back to the defaults. */
export function useDeleteStrategy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(THRESHOLD_URLS.removeStrategy, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: thresholdKeys.strategies }),
  });
}
