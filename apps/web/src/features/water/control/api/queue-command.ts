import { COMMAND_LIMITS, counterControlEndpoints, type Page, type StationCommand } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { LOG_CN } from '../utils/panel-actions';
import { waterControlKeys } from './keys';

export interface QueueCommandVariables {
  deviceId: number;
  cn: string;
  parameters: Record<string, string>;
  /** The user's dynamic code, for a guarded command. */
  code?: string;
}

/**
 * Queues a command to the station. Silent and quiet: the action shows the record's state instead of a toast,
 * and its refusals itself (a dynamic code asked for, the queue full …). The new record becomes the action's
 * latest at once, so it is followed from its first state.
 */
export function useQueueCommand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, cn, parameters, code }: QueueCommandVariables) =>
      callEndpoint(
        counterControlEndpoints.update,
        { body: { deviceId, cn, parameters, code, waitMinutes: COMMAND_LIMITS.defaultWaitMinutes } },
        { silent: true, quiet: true },
      ),
    onSuccess: async (command) => {
      if (command.cn === LOG_CN) {
        await client.invalidateQueries({ queryKey: waterControlKeys.logReads(command.deviceId) });
        return;
      }
      const page: Page<StationCommand> = { list: [command], total: 1, pageNum: 1, pageSize: 1 };
      client.setQueryData(waterControlKeys.latest(command.deviceId, command.cn), page);
      await client.invalidateQueries({ queryKey: waterControlKeys.latest(command.deviceId, command.cn) });
    },
  });
}
