import { counterControlEndpoints, type Page, type StationCommand } from '@envmon/shared';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { listPageQueryOptions } from '../../../components/crud/list-endpoints';
import type { ListQuery } from '../../../components/crud/list-definition';
import { isActive } from '../utils/command-state';

/** While a command is queued or sent, what shows it is read again this often, so its outcome appears by itself. */
export const ACTIVE_REFETCH_MS = 2_000;

/** Whether a command on the page is on its way. */
export const hasActive = (page: Page<StationCommand> | undefined): boolean =>
  page?.list.some((command) => isActive(command.state)) ?? false;

/** A page of the commands in scope, newest first, cached under the root every write invalidates. */
export function commandPageQueryOptions(
  query: ListQuery,
): UseQueryOptions<Page<StationCommand>, Error, Page<StationCommand>, QueryKey> {
  return {
    ...listPageQueryOptions(counterControlEndpoints.get, query),
    refetchInterval: (current) => (hasActive(current.state.data) ? ACTIVE_REFETCH_MS : false),
  };
}
