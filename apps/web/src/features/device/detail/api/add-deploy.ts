import { deviceDeployEndpoints } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../../../../lib/device-list';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

export function useAddDeploy(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deployId: number) => callEndpoint(deviceDeployEndpoints.add, { body: { deviceId, deployId } }),
    // The panel's tree and map group devices by these records.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: deviceDetailKeys.deploys(deviceId) }),
        client.invalidateQueries({ queryKey: deviceKeys.all }),
      ]),
  });
}
