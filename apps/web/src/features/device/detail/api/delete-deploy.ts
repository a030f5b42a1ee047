import { deviceDeployEndpoints } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../../../../lib/device-list';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

/** Removes the device from a group (by the grouping record's id). */
export function useDeleteDeploy(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(deviceDeployEndpoints.remove, { query: { id } }),
    // The panel's tree and map group devices by these records.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: deviceDetailKeys.deploys(deviceId) }),
        client.invalidateQueries({ queryKey: deviceKeys.all }),
      ]),
  });
}
