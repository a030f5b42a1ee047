import { queryOptions } from '@tanstack/react-query';
import type { ClientConfig } from '@envmon/shared';
import { api } from './api';

const CONFIG_URL = '/manager/system/config/rest/get';

/** Public and fixed for the life of the server process: read once per page load. */
export const consoleConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: () => api.get<ClientConfig>(CONFIG_URL, undefined, { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
