import type { OperationLog, Page } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { SYSTEM_URLS } from '../../api/urls';

/** The log's filters as the server reads them (operationLogFilterSchema): times are epoch ms. */
export interface OperationLogQuery {
  pageNum: number;
  pageSize: number;
  userName?: string;
  url?: string;
  beginTime?: number;
  endTime?: number;
  success?: '0' | '1';
}

export const operationLogsQueryOptions = (query: OperationLogQuery) =>
  queryOptions({
    queryKey: ['system', 'log', query],
    queryFn: () => api.get<Page<OperationLog>>(SYSTEM_URLS.operationLogs, { ...query }),
    placeholderData: keepPreviousData,
  });
