import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceKeys } from '../../../../lib/device-list';
import { DEVICE_URLS } from './urls';

export function useDeleteDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.get<null>(DEVICE_URLS.remove, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
