import type { Page } from '@envmon/shared';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FIRST_PAGE, type PageRequest, usePagination } from './table-parts';

/**
 * A server-paged read (D: the page the server answers): which page is asked for, its query, and `table`,
 * what a PagedTable needs of it (the query and the pagination that moves it).
 */
export function usePagedQuery<D extends Page<unknown>, K extends QueryKey>(
  options: (page: PageRequest) => UseQueryOptions<D, Error, D, K>,
) {
  const [page, setPage] = useState<PageRequest>(FIRST_PAGE);
  const list = useQuery(options(page));
  const pagination = usePagination(page, setPage, list.data?.total);
  return { list, page, setPage, table: { list, pagination } };
}

/**
 * A server-paged read narrowed by a filter bar: a search keeps the page size and starts again from the
 * first page (the page the user was on may not exist under the new filters).
 */
export function useFilteredPagedQuery<F, D extends Page<unknown>, K extends QueryKey>(
  initial: F | (() => F),
  options: (filters: F, page: PageRequest) => UseQueryOptions<D, Error, D, K>,
) {
  const [filters, setFilters] = useState<F>(initial);
  const paged = usePagedQuery((page) => options(filters, page));
  const search = (next: F) => {
    setFilters(next);
    paged.setPage((current) => ({ ...current, pageNum: 1 }));
  };
  return { ...paged, filters, search };
}
