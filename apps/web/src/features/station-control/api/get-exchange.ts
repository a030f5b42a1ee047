import { counterControlEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';
import { isActive } from '../components/command-vocabulary';
import { ACTIVE_REFETCH_MS } from './get-commands';

/** One command's packets and parsed uploads; followed while the command is on its way. */
export const exchangeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: endpointKey(counterControlEndpoints.uploadList, id),
    queryFn: () => callEndpoint(counterControlEndpoints.uploadList, { query: { id } }),
    refetchInterval: (current) =>
      current.state.data && isActive(current.state.data.command.state) ? ACTIVE_REFETCH_MS : false,
  });
