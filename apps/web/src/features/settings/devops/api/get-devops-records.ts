import type { DevopsListQuery, DevopsRecord, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { devopsKeys } from './keys';
import { DEVOPS_URLS } from './urls';

/** A page of maintenance records, newest visit first, with their attachments' metadata. */
export const devopsPageQueryOptions = (query: Partial<DevopsListQuery>) =>
  queryOptions({
    queryKey: devopsKeys.page(query),
    queryFn: () => api.get<Page<DevopsRecord>>(DEVOPS_URLS.list, { ...query }),
    placeholderData: keepPreviousData,
  });
