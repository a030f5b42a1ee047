import { counterControlEndpoints, type Page, type StationCommand } from '@envmon/shared';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { listPageQueryOptions } from '../../../../components/crud/list-endpoints';
import type { ListQuery } from '../../../../components/crud/list-definition';
import { isActive } from '../components/command-vocabulary';

/** While a command on the page is queued or sent, the list is read again this often, so outcomes appear. */
export const ACTIVE_REFETCH_MS = 2_000;

const hasActive = (page: Page<StationCommand> | undefined): boolean =>
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
