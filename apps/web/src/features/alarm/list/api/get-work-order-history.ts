import type { WorkOrderEvent } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { alarmListKeys } from './keys';
import { ALARM_LIST_URLS } from './urls';

/** A work order's audit trail, oldest first. */
export const workOrderHistoryQueryOptions = (alarmId: number) =>
  queryOptions({
    queryKey: alarmListKeys.history(alarmId),
    queryFn: () => api.get<WorkOrderEvent[]>(ALARM_LIST_URLS.workOrderHistory, { alarmId }),
  });
