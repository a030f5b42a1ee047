import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceKeys } from '../../../../lib/device-list';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

/** Removes the device from a group (by the grouping record's id). */
export function useDeleteDeploy(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(DEVICE_DETAIL_URLS.deployDelete, { id }),
    // The panel's tree and map group devices by these records.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: deviceDetailKeys.deploys(deviceId) }),
        client.invalidateQueries({ queryKey: deviceKeys.all }),
      ]),
  });
}
