import { thresholdEndpoints, type ThresholdQuery } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** A page's query key, under the list's declared root (which its writes invalidate). */
export const thresholdPageKey = (query: ThresholdQuery) => endpointKey(thresholdEndpoints.list, 'page', query);

export const thresholdPageQueryOptions = (query: ThresholdQuery) =>
  queryOptions({
    queryKey: thresholdPageKey(query),
    queryFn: () => callEndpoint(thresholdEndpoints.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
