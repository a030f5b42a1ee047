import { factorEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from './endpoint';

/** The catalogue changes rarely (the monitor-factor page); a minute spares a call per opened form. */
const CATALOGUE_STALE_MS = 60_000;

/**
 * The whole factor catalogue: factors to add to a device, and their defaults beside its overrides. Cached
 * under the catalogue's root (['factor', 'getAll']), which the monitor-factor page's writes invalidate.
 */
export const allFactorsQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(factorEndpoints.getAll, 'getAll'),
    // Every kind: no filter.
    queryFn: () => callEndpoint(factorEndpoints.getAll, { query: {} }),
    staleTime: CATALOGUE_STALE_MS,
  });
