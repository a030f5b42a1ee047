import { deviceFactorEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint';

/**
 * The chosen station's factors for the PolId pickers. Quiet: a user who may send commands but not read
 * factor settings gets a text box instead of a refusal.
 */
export const deviceFactorsQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: endpointKey(deviceFactorEndpoints.getByDeviceId, deviceId, 'factors'),
    queryFn: () => callEndpoint(deviceFactorEndpoints.getByDeviceId, { query: { deviceId } }, { quiet: true }),
  });
