import { iotCardEndpoints, type IotCardListQuery } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The page's filters: a page number and size, then any of the list's filters. */
export type IotCardPageQuery = Partial<IotCardListQuery> & Pick<IotCardListQuery, 'pageNum' | 'pageSize'>;

/** A page's query key, under the list's declared root (which a write invalidates). */
export const iotCardPageKey = (query: IotCardPageQuery) => endpointKey(iotCardEndpoints.list, 'page', query);

/** A page of the cards, filtered by card number, device, operator and expiry, of the header's project. */
export const iotCardPageQueryOptions = (query: IotCardPageQuery, options: { quiet?: boolean } = {}) =>
  queryOptions({
    queryKey: iotCardPageKey(query),
    queryFn: () => callEndpoint(iotCardEndpoints.list, { query: { ...query } }, options),
    placeholderData: keepPreviousData,
  });
