import type { Endpoint, EndpointData, EndpointQuery, QueryKeyRoot } from '@envmon/shared';
import { type UseQueryOptions, queryOptions } from '@tanstack/react-query';
import { callEndpoint, type EndpointInput, endpointKey } from '../../../lib/endpoint';
import { getSelectedProjectId } from '../../../lib/project';

/** A report's read as reportEndpoints declares it: a GET with filters, cached under ['report', <name>]. */
type ReportRead = Endpoint<'GET'> & { key: QueryKeyRoot };

/** A report's two declared calls (reportEndpoints.<name>): the read, and the export's ticketed link. */
export interface ReportCalls {
  read: ReportRead;
  export: { path: string };
}

/** The read's cache key: the declared root, then the searched filters (null before a search). */
export type ReportQueryKey<E extends ReportRead> = readonly [...QueryKeyRoot, EndpointQuery<E> | null];

/**
 * The filters a screen sends: its read's query without ifFilter (the console never narrows by it) and the
 * export's language (the export adds the console's own).
 */
export type ReportFilters<Q> = Omit<Q, 'ifFilter' | 'lang'>;

/** The filters with the project chosen in the header, when one is (last, as every report has sent it). */
export function withSelectedProject<F extends object>(filters: F): F & { projectId?: number } {
  const projectId = getSelectedProjectId();
  return { ...filters, ...(projectId === null ? {} : { projectId }) };
}

/**
 * A report screen's read (STYLE.md rule 16) from its declaration: keyed `['report', <name>, params]`,
 * run once the filters are searched (params not null). defineReportScreen builds it from the screen's calls.
 */
export const reportQuery =
  <E extends ReportRead>(endpoint: E) =>
  (params: EndpointQuery<E> | null): UseQueryOptions<EndpointData<E>, Error, EndpointData<E>, ReportQueryKey<E>> =>
    queryOptions({
      queryKey: endpointKey(endpoint, params),
      queryFn: () => callEndpoint(endpoint, { query: { ...(params as object | null) } } as EndpointInput<E>),
      enabled: params !== null,
    });
