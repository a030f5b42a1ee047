import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

export function useDeleteVirtualDevice(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(DEVICE_DETAIL_URLS.virtualDelete, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceDetailKeys.virtual(deviceId) }),
  });
}
