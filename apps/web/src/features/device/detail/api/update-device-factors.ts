import type { DeviceFactorUpdate } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { deviceDetailKeys } from './keys';
import { DEVICE_DETAIL_URLS } from './urls';

/** Replaces the device's whole factor list (the server's update contract). */
export function useUpdateDeviceFactors(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (factors: DeviceFactorUpdate['factors']) =>
      api.post<unknown>(DEVICE_DETAIL_URLS.deviceFactorsUpdate, { deviceId, factors }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceDetailKeys.device(deviceId) }),
  });
}
