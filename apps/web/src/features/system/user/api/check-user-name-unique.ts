import { userEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

/**
 * Whether a user name is still free (true) — `id` excludes the user being edited. Never cached:
 * the answer is only good for the moment the form asks.
 */
export const userNameUniqueQueryOptions = (userName: string, id?: number) =>
  queryOptions({
    queryKey: endpointKey(userEndpoints.checkUserNameUnique, userName, id ?? null),
    queryFn: () => callEndpoint(userEndpoints.checkUserNameUnique, { query: { userName, id } }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
