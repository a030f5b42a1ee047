import type { OriginalPacket, OriginalParsed, OriginalScopedFilter, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { exportThroughLink } from '../../../../lib/export-link';

/** The original-packet screen's calls (data service). */
export const ORIGINAL_URLS = {
  list: '/data/original/rest/get',
  parsed: '/data/original/rest/getParsed',
  export: '/data/original/rest/export',
} as const;

/** Query keys (STYLE.md rule 7): every key starts with 'original'. */
export const originalKeys = {
  all: ['original'] as const,
  page: (filter: OriginalScopedFilter, pageNum: number, pageSize: number) =>
    [...originalKeys.all, 'page', filter, pageNum, pageSize] as const,
  parsed: (id: number) => [...originalKeys.all, 'parsed', id] as const,
};

export const originalPageQueryOptions = (filter: OriginalScopedFilter, pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: originalKeys.page(filter, pageNum, pageSize),
    queryFn: () => api.get<Page<OriginalPacket>>(ORIGINAL_URLS.list, { ...filter, pageNum, pageSize }),
    placeholderData: keepPreviousData,
  });

/** A stored packet never changes, so its parse is read once (within the header's project, like the list). */
export const originalParsedQueryOptions = (id: number, projectId?: number) =>
  queryOptions({
    queryKey: originalKeys.parsed(id),
    queryFn: () => api.get<OriginalParsed>(ORIGINAL_URLS.parsed, { id, projectId }),
    staleTime: Infinity,
  });

export function exportOriginal(filter: OriginalScopedFilter): Promise<void> {
  return exportThroughLink(ORIGINAL_URLS.export, filter);
}
