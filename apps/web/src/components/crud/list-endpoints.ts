import type { Endpoint, EndpointData, Page, QueryKeyRoot } from '@envmon/shared';
import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { RequestOptions } from '../../lib/api';
import { callEndpoint, type EndpointInput, endpointKey } from '../../lib/endpoint';
import type { ListDefinition, ListEndpoints, ListQuery } from './list-definition';

/** A list's declared page read: its key root is the list's, so a write invalidates every read under it. */
export type ListReadDeclaration = Endpoint<'GET'> & { key: QueryKeyRoot };

/** A settings list's declared calls (packages/shared/src/api/settings.ts): its page read, add, update and delete. */
export interface ListEndpointDeclarations {
  list: ListReadDeclaration;
  add: Endpoint<'POST'>;
  update: Endpoint<'POST'>;
  /** Deleted by `GET ?<rowKey>=`. */
  remove: Endpoint<'GET'>;
}

/**
 * A ListDefinition's endpoints from the shared declarations (STYLE.md rule 16), so the list's writes and key
 * root are never restated in the console. `alsoInvalidate`: other screens' caches a write refreshes too.
 */
export function listEndpoints(declared: ListEndpointDeclarations, alsoInvalidate?: readonly QueryKey[]): ListEndpoints {
  return {
    keyRoot: declared.list.key,
    add: declared.add,
    update: declared.update,
    remove: declared.remove,
    ...(alsoInvalidate === undefined ? {} : { alsoInvalidate }),
  };
}

/**
 * A page of a declared list, cached as `[...root, 'page', query]` under the root its writes invalidate; the
 * last page stays on screen while the next loads. `options`: the call's own (e.g. `quiet` for a count).
 */
export function listPageQueryOptions<E extends ListReadDeclaration>(
  endpoint: E,
  query: Record<string, unknown>,
  options?: Omit<RequestOptions, 'params'>,
) {
  const queryKey: QueryKey = endpointKey(endpoint, 'page', query);
  const input = { query: { ...query } } as EndpointInput<E>;
  return queryOptions({
    queryKey,
    queryFn: () => callEndpoint(endpoint, input, options),
    placeholderData: keepPreviousData,
  });
}

/** The row a declared page read answers with. */
type PageRow<D extends ListEndpointDeclarations> =
  EndpointData<D['list']> extends Page<infer Row extends object> ? Row : never;

/** A ListDefinition's calls, both from the shared declarations: its endpoints and its page read. */
export function listCalls<D extends ListEndpointDeclarations>(
  declared: D,
  alsoInvalidate?: readonly QueryKey[],
): Pick<ListDefinition<PageRow<D>>, 'endpoints' | 'listQuery'> {
  type Read = ReturnType<ListDefinition<PageRow<D>>['listQuery']>;
  return {
    endpoints: listEndpoints(declared, alsoInvalidate),
    listQuery: (query: ListQuery) => listPageQueryOptions(declared.list, query) as Read,
  };
}
