import { deviceFactorEndpoints } from '@envmon/shared';
import { endpointKey } from '../../../../lib/endpoint';
import { commandKeys } from '../../../station-control';

/**
 * Query keys (STYLE.md rules 7 and 16): the panel's reads of the commands under their shared root (commandKeys),
 * which a command queued anywhere invalidates; a station's factors where the history screen keeps them.
 */
export const waterControlKeys = {
  /** The latest command of one CN to one station. */
  latest: (deviceId: number, cn: string) => commandKeys.list('latest', deviceId, cn),
  /** The station's latest information reads (3020), among which the log reads. */
  logReads: (deviceId: number) => commandKeys.list('logReads', deviceId),
  factors: (deviceCode: string) => endpointKey(deviceFactorEndpoints.getFactorListByDeviceCodes, [deviceCode]),
};
