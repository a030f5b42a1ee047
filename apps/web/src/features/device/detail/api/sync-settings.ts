import { deviceDetailEndpoints, type DeviceSyncItem } from '@envmon/shared';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';

/**
 * Pushes the device's settings to the station through the gateway and answers per item what the
 * station said. The outcome is shown beside the action, so no success toast. The server bounds its
 * wait for the station within the console's request timeout (SPEC section 9).
 */
export function useSyncSettings(deviceId: number) {
  return useMutation({
    mutationFn: (items: readonly DeviceSyncItem[]) =>
      callEndpoint(deviceDetailEndpoints.sync, { body: { deviceId, items: [...items] } }, { silent: true }),
  });
}
