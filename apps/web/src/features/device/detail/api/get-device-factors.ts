import { deviceFactorEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { deviceDetailKeys } from './keys';

/** The device's monitor factors with their per-device settings, in display order. */
export const deviceFactorsQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: deviceDetailKeys.factors(deviceId),
    queryFn: () => callEndpoint(deviceFactorEndpoints.getByDeviceId, { query: { deviceId } }),
  });
