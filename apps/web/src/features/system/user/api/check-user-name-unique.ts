import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { SYSTEM_URLS } from '../../api/urls';

/**
 * Whether a user name is still free (true) — `id` excludes the user being edited. Never cached:
 * the answer is only good for the moment the form asks.
 */
export const userNameUniqueQueryOptions = (userName: string, id?: number) =>
  queryOptions({
    queryKey: ['system', 'user', 'name-unique', userName, id ?? null],
    queryFn: () => api.get<boolean>(SYSTEM_URLS.checkUserNameUnique, { userName, id }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
