import { CRUD_ENDPOINTS, LIMITS, type Page, type User } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

const users = CRUD_ENDPOINTS.user.list;

/**
 * The users a device's maintainer is chosen from (step 2 of the dialog), under the user list's key root so
 * a user write refreshes them. getAll answers null only to the export check, which is not asked here.
 */
export const maintainersQueryOptions = () =>
  queryOptions({
    queryKey: endpointKey(users, 'maintainers'),
    queryFn: () => callEndpoint(users, { query: { pageNum: 1, pageSize: LIMITS.maxPageSize } }) as Promise<Page<User>>,
    select: (page) => page.list.map((user) => ({ value: user.id, label: `${user.name} (${user.userName})` })),
  });
