import { counterControlEndpoints, deviceFactorEndpoints } from '@envmon/shared';
import { endpointKey } from '../../../../lib/endpoint';

/**
 * Query keys (STYLE.md rules 7 and 16): the commands under the declared root ['countercontrol'], which a
 * command queued anywhere invalidates; a station's factors where the history screen keeps them.
 */
export const waterControlKeys = {
  /** The latest command of one CN to one station. */
  latest: (deviceId: number, cn: string) => endpointKey(counterControlEndpoints.get, 'latest', deviceId, cn),
  /** The station's latest information reads (3020), among which the log reads. */
  logReads: (deviceId: number) => endpointKey(counterControlEndpoints.get, 'logReads', deviceId),
  /** One command's exchange and answer uploads. */
  exchange: (id: number) => endpointKey(counterControlEndpoints.uploadList, id),
  factors: (deviceCode: string) => endpointKey(deviceFactorEndpoints.getFactorListByDeviceCodes, [deviceCode]),
};
