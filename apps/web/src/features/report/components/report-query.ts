import type { Endpoint, EndpointData, EndpointQuery, QueryKeyRoot } from '@envmon/shared';
import { type UseQueryOptions, queryOptions } from '@tanstack/react-query';
import { callEndpoint, type EndpointInput, endpointKey } from '../../../lib/endpoint';

/** A report's read as reportEndpoints declares it: a GET with filters, cached under ['report', <name>]. */
type ReportRead = Endpoint<'GET'> & { key: QueryKeyRoot };

/** The read's cache key: the declared root, then the searched filters (null before a search). */
type ReportQueryKey<E extends ReportRead> = readonly [...QueryKeyRoot, EndpointQuery<E> | null];

/**
 * A report screen's read (STYLE.md rule 16) from its declaration: keyed `['report', <name>, params]`,
 * run once the filters are searched (params not null). Pages build it outside their definition
 * (`const query = reportQuery(…)`): inside it, TypeScript would not infer the report's type.
 */
export const reportQuery =
  <E extends ReportRead>(endpoint: E) =>
  (params: EndpointQuery<E> | null): UseQueryOptions<EndpointData<E>, Error, EndpointData<E>, ReportQueryKey<E>> =>
    queryOptions({
      queryKey: endpointKey(endpoint, params),
      queryFn: () => callEndpoint(endpoint, { query: { ...(params as object | null) } } as EndpointInput<E>),
      enabled: params !== null,
    });
