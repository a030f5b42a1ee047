import { LIMITS, type Page, type User } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { DEVICE_URLS } from './urls';

/** The users a device's maintainer is chosen from (step 2 of the dialog). */
export const maintainersQueryOptions = () =>
  queryOptions({
    queryKey: ['crud', 'user', 'maintainers'] as const,
    queryFn: () => api.get<Page<User>>(DEVICE_URLS.users, { pageNum: 1, pageSize: LIMITS.maxPageSize }),
    select: (page) => page.list.map((user) => ({ value: user.id, label: `${user.name} (${user.userName})` })),
  });
