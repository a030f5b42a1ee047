import { userEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint';

/**
 * User info of the signed-in token. Keyed by the token so a new sign-in never sees the previous
 * user's roles; it changes only when roles are reassigned, which a sign-in picks up.
 * The navigation guard shows its failure itself (SPEC: 'Verification failed, please login again').
 */
export const userInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: endpointKey(userEndpoints.getByToken, token),
    queryFn: () => callEndpoint(userEndpoints.getByToken, {}, { quiet: true }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
