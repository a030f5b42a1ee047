import type { VirtualDeviceInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

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
        ? api.post<unknown>(DEVICE_DETAIL_URLS.virtualAdd, body)
        : api.post<unknown>(DEVICE_DETAIL_URLS.virtualUpdate, { ...body, id }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceDetailKeys.virtual(deviceId) }),
  });
}
