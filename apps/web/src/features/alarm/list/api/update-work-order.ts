import type { Alarm, WorkOrderUpdate } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { alarmListKeys } from './keys';
import { ALARM_LIST_URLS } from './urls';

/** Moves a work order; a refused move is told by the api client ('工单状态不可变更…'). */
export function useUpdateWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkOrderUpdate) => api.post<Alarm>(ALARM_LIST_URLS.updateWorkOrder, body),
    onSuccess: () => client.invalidateQueries({ queryKey: alarmListKeys.all }),
  });
}
