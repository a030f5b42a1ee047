import type { Factor, FactorListQuery, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { factorKeys } from './keys';
import { FACTOR_URLS } from './urls';

/** A page of the catalogue, filtered by code, name (either language) and kind. */
export const factorPageQueryOptions = (query: FactorListQuery) =>
  queryOptions({
    queryKey: factorKeys.page(query),
    queryFn: () => api.get<Page<Factor>>(FACTOR_URLS.list, { ...query }),
    placeholderData: keepPreviousData,
  });
