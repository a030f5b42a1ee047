import { devopsEndpoints, type DevopsListQuery } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/** The page's filters: a page number and size, then any of the list's filters. */
export type DevopsPageQuery = Partial<DevopsListQuery> & Pick<DevopsListQuery, 'pageNum' | 'pageSize'>;

/** A page's query key, under the list's declared root (which every write, files too, invalidates). */
export const devopsPageKey = (query: DevopsPageQuery) => endpointKey(devopsEndpoints.list, 'page', query);

/** A page of maintenance records, newest visit first, with their attachments' metadata. */
export const devopsPageQueryOptions = (query: DevopsPageQuery) =>
  queryOptions({
    queryKey: devopsPageKey(query),
    queryFn: () => callEndpoint(devopsEndpoints.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
