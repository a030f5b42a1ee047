import { deviceParameterEndpoints } from '@envmon/shared';
import { endpointKey } from '../../../../lib/endpoint';

/** Query keys (STYLE.md rules 7 and 16): a device's parameters under the declared root ['deviceParameters']. */
export const deviceParameterKeys = {
  all: deviceParameterEndpoints.get.key,
  device: (deviceId: number) => endpointKey(deviceParameterEndpoints.get, { deviceId }),
};
