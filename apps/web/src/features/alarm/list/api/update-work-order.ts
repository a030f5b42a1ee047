import { alarmEndpoints, type WorkOrderUpdate } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { alarmListKeys } from './keys';

/** Moves a work order; a refused move is told by the api client ('工单状态不可变更…'). */
export function useUpdateWorkOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkOrderUpdate) => callEndpoint(alarmEndpoints.updateWorkOrder, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: alarmListKeys.all }),
  });
}
