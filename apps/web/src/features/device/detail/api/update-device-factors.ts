import { deviceFactorEndpoints, type DeviceFactorUpdate } from '@envmon/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

/** Replaces the device's whole factor list (the server's update contract). */
export function useUpdateDeviceFactors(deviceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (factors: DeviceFactorUpdate['factors']) =>
      callEndpoint(deviceFactorEndpoints.update, { body: { deviceId, factors } }),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceDetailKeys.device(deviceId) }),
  });
}
