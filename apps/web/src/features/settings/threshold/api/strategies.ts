import { alarmStrategyEndpoints, type AlarmStrategyInput } from '@envmon/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The stored strategies of one device (alarm types without one run on the defaults). */
export const strategiesQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: endpointKey(alarmStrategyEndpoints.list, deviceId),
    queryFn: () => callEndpoint(alarmStrategyEndpoints.list, { query: { deviceId } }),
  });

/** Creates or replaces the strategy of a device × alarm type. */
export function useSaveStrategy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmStrategyInput) => callEndpoint(alarmStrategyEndpoints.update, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: alarmStrategyEndpoints.list.key }),
  });
}

/** Deletes a strategy: the alarm type falls back to the defaults. */
export function useDeleteStrategy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(alarmStrategyEndpoints.remove, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: alarmStrategyEndpoints.list.key }),
  });
}
