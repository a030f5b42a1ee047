import { alarmEndpoints, type AlarmFilter } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { alarmListKeys } from './keys';

/** One page of alarms (the current tab asks for active=1, the history tab for every alarm). */
export const alarmPageQueryOptions = (filter: AlarmFilter, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: alarmListKeys.page(filter, pageNum, pageSize),
    queryFn: () => callEndpoint(alarmEndpoints.list, { query: { ...filter, pageNum, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** Every active alarm of the project: where an alarm named in the address (?alarmId=) is found. */
export const currentAlarmsQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    queryKey: alarmListKeys.current(projectId),
    queryFn: () => callEndpoint(alarmEndpoints.current, { query: { projectId } }),
  });
