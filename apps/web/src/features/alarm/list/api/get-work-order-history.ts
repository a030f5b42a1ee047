import { alarmEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { alarmListKeys } from './keys';

/** A work order's audit trail, oldest first. */
export const workOrderHistoryQueryOptions = (alarmId: number) =>
  queryOptions({
    queryKey: alarmListKeys.history(alarmId),
    queryFn: () => callEndpoint(alarmEndpoints.workOrderHistory, { query: { alarmId } }),
  });
