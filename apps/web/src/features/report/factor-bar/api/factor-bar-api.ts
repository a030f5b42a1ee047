import type { ReportStandardReport } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { StandardParams } from '../../components';

export const FACTOR_BAR_URLS = {
  get: '/data/report/rest/factorBar',
  export: '/data/report/rest/factorBar/export',
} as const;

export const factorBarKeys = {
  report: (params: StandardParams | null) => ['report', 'factorBar', params] as const,
};

export const factorBarQueryOptions = (params: StandardParams | null) =>
  queryOptions({
    queryKey: factorBarKeys.report(params),
    queryFn: () => api.get<ReportStandardReport>(FACTOR_BAR_URLS.get, { ...params }),
    enabled: params !== null,
  });
