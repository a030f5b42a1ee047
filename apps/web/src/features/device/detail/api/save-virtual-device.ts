import { virtualDeviceEndpoints, type VirtualDeviceInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

export interface SaveVirtualDevice {
  body: VirtualDeviceInput;
  /** The virtual device being edited; absent to add one. */
  id?: number;
}

/** Add or update (the api client announces success with the server's desc). */
export function useSaveVirtualDevice(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: SaveVirtualDevice) =>
      id === undefined
        ? callEndpoint(virtualDeviceEndpoints.add, { body })
        : callEndpoint(virtualDeviceEndpoints.update, { body: { ...body, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceDetailKeys.virtual(deviceId) }),
  });
}
