import type { ServerLogFile } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { SYSTEM_URLS } from '../../api/urls';

export const serverLogFilesQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'server-log', 'list'],
    queryFn: () => api.get<ServerLogFile[]>(SYSTEM_URLS.serverLogFiles),
  });
