import { factorEndpoints, type FactorListQuery } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/**
 * A page's query key, under the list's declared root: the one the whole catalogue is read under
 * (lib/factor-catalogue's `allFactorsQueryOptions`), so a write here refreshes every factor select too.
 */
export const factorPageKey = (query: FactorListQuery) => endpointKey(factorEndpoints.list, 'page', query);

/** A page of the catalogue, filtered by code, name (either language) and kind. */
export const factorPageQueryOptions = (query: FactorListQuery) =>
  queryOptions({
    queryKey: factorPageKey(query),
    queryFn: () => callEndpoint(factorEndpoints.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
