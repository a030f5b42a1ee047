import { operationLogEndpoints } from '@envmon/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../../lib/endpoint';

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
    queryKey: endpointKey(operationLogEndpoints.list, query),
    queryFn: () => callEndpoint(operationLogEndpoints.list, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
