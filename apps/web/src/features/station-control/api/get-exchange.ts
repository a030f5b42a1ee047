import { counterControlEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint';
import { isActive } from '../utils/command-state';
import { ACTIVE_REFETCH_MS } from './get-commands';
import { commandKeys } from './keys';

/**
 * One command's packets and parsed uploads; followed while the command is on its way. `quiet` for a screen that
 * says the failure itself.
 */
export const exchangeQueryOptions = (id: number, { quiet = false }: { quiet?: boolean } = {}) =>
  queryOptions({
    queryKey: commandKeys.exchange(id),
    queryFn: () => callEndpoint(counterControlEndpoints.uploadList, { query: { id } }, quiet ? { quiet } : undefined),
    refetchInterval: (current) =>
      current.state.data && isActive(current.state.data.command.state) ? ACTIVE_REFETCH_MS : false,
  });
