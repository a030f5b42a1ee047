import { dynamicCodeEndpoints, type GuardedCommandsInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { dynamicCodeKeys } from './keys';

/** Replaces the list of commands that need a dynamic code. */
export function useUpdateGuardedCommands() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardedCommandsInput) =>
      callEndpoint(dynamicCodeEndpoints.updateGuarded, { body }, { silent: true }),
    onSuccess: (list) => client.setQueryData(dynamicCodeKeys.guarded, list),
  });
}
