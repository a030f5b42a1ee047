import { type Page, type ReissueListQuery, reissueEndpoints, type ReissueTask } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint';
import { reissueKeys } from './keys';

/** While a task on the page runs, the list is read again this often, so outcomes appear by themselves. */
export const RUNNING_REFETCH_MS = 3_000;

const hasRunning = (page: Page<ReissueTask> | undefined): boolean =>
  page?.list.some((task) => task.status === 'running') ?? false;

/** A page of the tasks in scope, newest first, by device and status. */
export const reissueTaskPageQueryOptions = (query: ReissueListQuery) =>
  queryOptions({
    queryKey: reissueKeys.page(query),
    queryFn: () => callEndpoint(reissueEndpoints.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (hasRunning(current.state.data) ? RUNNING_REFETCH_MS : false),
  });
