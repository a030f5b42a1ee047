import type { ReportStandardReport } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import type { StandardParams } from '../../components';
import { api } from '../../../../lib/api';

export const RADAR_URLS = {
  get: '/data/report/rest/radar',
  export: '/data/report/rest/radar/export',
} as const;

export const radarKeys = {
  report: (params: StandardParams | null) => ['report', 'radar', params] as const,
};

export const radarQueryOptions = (params: StandardParams | null) =>
  queryOptions({
    queryKey: radarKeys.report(params),
    queryFn: () => api.get<ReportStandardReport>(RADAR_URLS.get, { ...params }),
    enabled: params !== null,
  });
