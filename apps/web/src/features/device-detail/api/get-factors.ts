import type { Factor } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DEVICE_DETAIL_URLS } from './urls';

/** The catalogue changes rarely (the monitor-factor page); a minute spares a call per opened form. */
const CATALOGUE_STALE_MS = 60_000;

/** The whole factor catalogue: factors to add to a device, and their defaults beside its overrides. */
export const allFactorsQueryOptions = () =>
  queryOptions({
    queryKey: ['factor', 'getAll'],
    queryFn: () => api.get<Factor[]>(DEVICE_DETAIL_URLS.factorsAll),
    staleTime: CATALOGUE_STALE_MS,
  });
