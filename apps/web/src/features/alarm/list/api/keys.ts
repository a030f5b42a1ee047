import type { AlarmFilter } from '@envmon/shared';

/**
 * Query keys of the alarm screen (STYLE.md rule 7). Every key starts with 'alarmList', so a work
 * order move or a pushed alarm refreshes the tables, the drawer's alarm and its trail at once.
 */
export const alarmListKeys = {
  all: ['alarmList'] as const,
  page: (filter: AlarmFilter, pageNum: number, pageSize: number) =>
    [...alarmListKeys.all, 'page', filter, pageNum, pageSize] as const,
  current: (projectId: number | undefined) => [...alarmListKeys.all, 'current', projectId ?? null] as const,
  history: (alarmId: number) => [...alarmListKeys.all, 'history', alarmId] as const,
};
