import type { OdorRose } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const ODOR_ROSE_URLS = {
  get: '/data/report/rest/odorRose',
  export: '/data/report/rest/odorRose/export',
} as const;

export interface OdorRoseParams {
  deviceId: number;
  factorCode: string;
  timeUnit: 'min' | 'hour' | 'day';
  beginTime: number;
  endTime: number;
  projectId?: number;
}

/** Query keys (STYLE.md rule 7): every report key starts with 'report'. */
export const odorRoseKeys = {
  report: (params: OdorRoseParams | null) => ['report', 'odorRose', params] as const,
};

export const odorRoseQueryOptions = (params: OdorRoseParams | null) =>
  queryOptions({
    queryKey: odorRoseKeys.report(params),
    queryFn: () => api.get<OdorRose>(ODOR_ROSE_URLS.get, { ...params }),
    enabled: params !== null,
  });
