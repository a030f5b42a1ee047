import type { Alarm, AlarmFilter, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { alarmListKeys } from './keys';
import { ALARM_LIST_URLS } from './urls';

/** One page of alarms (the current tab asks for active=1, the history tab for every alarm). */
export const alarmPageQueryOptions = (filter: AlarmFilter, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: alarmListKeys.page(filter, pageNum, pageSize),
    queryFn: () => api.get<Page<Alarm>>(ALARM_LIST_URLS.list, { ...filter, pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });

/** Every active alarm of the project: where an alarm named in the address (?alarmId=) is found. */
export const currentAlarmsQueryOptions = (projectId: number | undefined) =>
  queryOptions({
    queryKey: alarmListKeys.current(projectId),
    queryFn: () => api.get<Alarm[]>(ALARM_LIST_URLS.current, { projectId }),
  });
