import type { DeviceDeployInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceKeys } from '../../../../lib/device-list';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

export function useAddDeploy(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deployId: number) => {
      const body: DeviceDeployInput = { deviceId, deployId };
      return api.post<unknown>(DEVICE_DETAIL_URLS.deployAdd, body);
    },
    // The panel's tree and map group devices by these records.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: deviceDetailKeys.deploys(deviceId) }),
        client.invalidateQueries({ queryKey: deviceKeys.all }),
      ]),
  });
}
