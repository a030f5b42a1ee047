import { COMMAND_LIMITS, deviceParameterEndpoints } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceParameterKeys } from './keys';

export interface SetParameterVariables {
  deviceId: number;
  name: string;
  polId: string;
  value: string;
  /** The user's dynamic code, for a guarded setting command. */
  code?: string;
}

/**
 * Sets the value wanted and queues the command that sets it. Silent and quiet: the modal says what came of it,
 * and answers a refusal itself (a dynamic code asked for or wrong, a value refused).
 */
export function useSetParameter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, ...body }: SetParameterVariables) =>
      callEndpoint(
        deviceParameterEndpoints.update,
        { body: { ...body, code: code || undefined, waitMinutes: COMMAND_LIMITS.defaultWaitMinutes } },
        { silent: true, quiet: true },
      ),
    onSuccess: (_answer, { deviceId }) => client.invalidateQueries({ queryKey: deviceParameterKeys.device(deviceId) }),
  });
}

/** Asks the station for everything it can report; answers the commands queued. Silent: the screen counts them. */
export function useReadAllParameters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) =>
      callEndpoint(
        deviceParameterEndpoints.readAll,
        { body: { deviceId, waitMinutes: COMMAND_LIMITS.defaultWaitMinutes } },
        { silent: true },
      ),
    onSuccess: (_answer, deviceId) => client.invalidateQueries({ queryKey: deviceParameterKeys.device(deviceId) }),
  });
}

/** Forgets a stored parameter (the station keeps its value); the api client announces it. */
export function useForgetParameter(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(deviceParameterEndpoints.remove, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceParameterKeys.device(deviceId) }),
  });
}
