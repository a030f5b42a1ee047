import { alarmStrategyEndpoints, type AlarmStrategyInput } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { useListWrite } from '../../../../components/crud/api/list-mutations';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The stored strategies of one device (alarm types without one run on the defaults). */
export const strategiesQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: endpointKey(alarmStrategyEndpoints.list, deviceId),
    queryFn: () => callEndpoint(alarmStrategyEndpoints.list, { query: { deviceId } }),
  });

/** A strategy write refreshes every device's strategies. */
const STRATEGY_READS = { keyRoot: alarmStrategyEndpoints.list.key };

/** Creates or replaces the strategy of a device × alarm type. */
export const useSaveStrategy = () =>
  useListWrite(STRATEGY_READS, (body: AlarmStrategyInput) => callEndpoint(alarmStrategyEndpoints.update, { body }));

/** Deletes a strategy: the alarm type falls back to the defaults. */
export const useDeleteStrategy = () =>
  useListWrite(STRATEGY_READS, (id: number) => callEndpoint(alarmStrategyEndpoints.remove, { query: { id } }));
