import { PUBLIC_ROUTES, type userEndpoints } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callRoute, endpointKey } from '../../../lib/endpoint';

/**
 * User info of the signed-in token. Keyed by the token so a new sign-in never sees the previous
 * user's roles; it changes only when roles are reassigned, which a sign-in picks up.
 * The navigation guard shows its failure itself (SPEC: 'Verification failed, please login again').
 */
export const userInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: endpointKey(PUBLIC_ROUTES.userInfo, token),
    queryFn: () => callRoute<typeof userEndpoints.getByToken>(PUBLIC_ROUTES.userInfo, {}, { quiet: true }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
