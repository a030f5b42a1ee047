import { virtualDeviceEndpoints } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

export function useDeleteVirtualDevice(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(virtualDeviceEndpoints.remove, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceDetailKeys.virtual(deviceId) }),
  });
}
