import type { Page, Threshold, ThresholdQuery } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { thresholdKeys } from './keys';
import { THRESHOLD_URLS } from './urls';

export const thresholdPageQueryOptions = (query: ThresholdQuery) =>
  queryOptions({
    queryKey: thresholdKeys.page(query),
    queryFn: () => api.get<Page<Threshold>>(THRESHOLD_URLS.list, { ...query }),
    placeholderData: keepPreviousData,
  });
