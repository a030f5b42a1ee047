import { ALARM_LIST_KEY, alarmEndpoints, type AlarmFilter } from '@envmon/shared';
import { endpointKey } from '../../../../lib/endpoint';

/**
 * Query keys of the alarm screen (STYLE.md rule 7), rooted in the shared declarations. Every key starts
 * with ALARM_LIST_KEY, so a work order move or a pushed alarm refreshes the tables, the drawer's alarm
 * and its trail at once.
 */
export const alarmListKeys = {
  all: ALARM_LIST_KEY,
  page: (filter: AlarmFilter, pageNum: number, pageSize: number) =>
    endpointKey(alarmEndpoints.list, filter, pageNum, pageSize),
  current: (projectId: number | undefined) => endpointKey(alarmEndpoints.current, projectId ?? null),
  history: (alarmId: number) => endpointKey(alarmEndpoints.workOrderHistory, alarmId),
};
