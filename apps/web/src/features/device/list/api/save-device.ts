import { deviceEndpoints, type DeviceInput } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceDetailKeys } from '../../detail/api/keys';
import { deviceKeys } from '../../../../lib/device-list';
import { callEndpoint } from '../../../../lib/endpoint';

export interface SaveDeviceVariables {
  body: DeviceInput;
  /** The device being edited; absent when adding. */
  id?: number;
}

/**
 * Add or update; the api client shows the server's word (e.g. '添加失败，新增的设备编码已存在！').
 * A save may move the device to another project or address group: the tree, the map and the
 * details' deploy tab read those.
 */
export function useSaveDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, id }: SaveDeviceVariables) =>
      id === undefined
        ? callEndpoint(deviceEndpoints.add, { body })
        : callEndpoint(deviceEndpoints.update, { body: { ...body, id } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: deviceKeys.all }),
        client.invalidateQueries({ queryKey: deviceDetailKeys.all }),
      ]),
  });
}
