import { deviceFactorEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, type EndpointInput } from '../../../../lib/endpoint';
import { waterControlKeys } from './keys';

const call = deviceFactorEndpoints.getFactorListByDeviceCodes;
/** A station's factors change rarely; a minute spares a call per station chosen again. */
const FACTORS_STALE_MS = 60_000;

/** The factors the station measures: the choices of the per-factor actions, and the names of the log's factors. */
export const stationFactorsQueryOptions = (deviceCode: string) =>
  queryOptions({
    queryKey: waterControlKeys.factors(deviceCode),
    // The codes travel comma-joined; the declared schema parses them into a list.
    queryFn: () =>
      callEndpoint(call, { query: { deviceCodes: deviceCode } } as unknown as EndpointInput<typeof call>, {
        quiet: true,
      }),
    staleTime: FACTORS_STALE_MS,
  });
