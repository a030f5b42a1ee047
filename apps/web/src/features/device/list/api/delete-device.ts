import { deviceEndpoints } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../../../../lib/device-list';
import { callEndpoint } from '../../../../lib/endpoint';

export function useDeleteDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(deviceEndpoints.remove, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
