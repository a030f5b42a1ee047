import { queryOptions } from '@tanstack/react-query';
import type { UserInfo } from '@envmon/shared';
import { api } from '../../../lib/api';
import { AUTH_URLS } from './urls';

/**
 * User info of the signed-in token. Keyed by the token so a new sign-in never sees the previous
 * user's roles; it changes only when roles are reassigned, which a sign-in picks up.
 * The navigation guard shows its failure itself (SPEC: 'Verification failed, please login again').
 */
export const userInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['auth', 'user-info', token],
    queryFn: () => api.get<UserInfo>(AUTH_URLS.userInfo, undefined, { quiet: true }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
