import type { IsotopeReport } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const ISOTOPE_URLS = {
  get: '/data/report/rest/isotope',
  export: '/data/report/rest/isotope/export',
} as const;

export interface IsotopeParams {
  timeUnit: 'hour' | 'day' | 'month';
  beginTime: number;
  endTime: number;
  deviceId?: number;
  projectId?: number;
}

/** Query keys (STYLE.md rule 7): every report key starts with 'report'. */
export const isotopeKeys = {
  report: (params: IsotopeParams | null) => ['report', 'isotope', params] as const,
};

export const isotopeQueryOptions = (params: IsotopeParams | null) =>
  queryOptions({
    queryKey: isotopeKeys.report(params),
    queryFn: () => api.get<IsotopeReport>(ISOTOPE_URLS.get, { ...params }),
    enabled: params !== null,
  });
