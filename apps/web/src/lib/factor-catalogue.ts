import type { Factor } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** The factor catalogue call (SPEC section 7, 'Factor'). */
export const FACTOR_CATALOGUE_URL = '/manager/settings/factor/rest/getAll';

/** The catalogue changes rarely (the monitor-factor page); a minute spares a call per opened form. */
const CATALOGUE_STALE_MS = 60_000;

/** The whole factor catalogue: factors to add to a device, and their defaults beside its overrides. */
export const allFactorsQueryOptions = () =>
  queryOptions({
    queryKey: ['factor', 'getAll'],
    queryFn: () => api.get<Factor[]>(FACTOR_CATALOGUE_URL),
    staleTime: CATALOGUE_STALE_MS,
  });
