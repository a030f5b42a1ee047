import { ORIGINAL_KEY, type OriginalScopedFilter, queryEndpoints } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';
import { exportThroughLink } from '../../../../lib/export-link';

/** The original-packet screen's calls (shared declarations). */
const calls = queryEndpoints.original;

/** Query keys (STYLE.md rules 7 and 16): every key starts with ORIGINAL_KEY ('original'). */
export const originalKeys = {
  all: ORIGINAL_KEY,
  page: (filter: OriginalScopedFilter, pageNum: number, pageSize: number) =>
    endpointKey(calls.list, filter, pageNum, pageSize),
  parsed: (id: number) => endpointKey(calls.parsed, id),
};

export const originalPageQueryOptions = (filter: OriginalScopedFilter, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: originalKeys.page(filter, pageNum, pageSize),
    queryFn: () => callEndpoint(calls.list, { query: { ...filter, pageNum, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** A stored packet never changes, so its parse is read once (within the header's project, like the list). */
export const originalParsedQueryOptions = (id: number, projectId?: number) =>
  queryOptions({
    queryKey: originalKeys.parsed(id),
    queryFn: () => callEndpoint(calls.parsed, { query: { id, projectId } }),
    staleTime: Infinity,
  });

export function exportOriginal(filter: OriginalScopedFilter): Promise<void> {
  return exportThroughLink(calls.export.path, filter);
}
