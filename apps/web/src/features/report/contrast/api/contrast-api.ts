import type { ReportContrast, ReportContrastMode, ReportTimeUnit } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const CONTRAST_URLS = {
  get: '/data/report/rest/contrast',
  export: '/data/report/rest/contrast/export',
} as const;

export interface ContrastParams {
  mode: ReportContrastMode;
  factorCode: string;
  /** Stations: the compared stations; periods: the one station. */
  deviceIds: number[];
  timeUnit: ReportTimeUnit;
  beginTime: number;
  endTime: number;
  projectId?: number;
}

export const contrastKeys = {
  report: (params: ContrastParams | null) => ['report', 'contrast', params] as const,
};

export const contrastQueryOptions = (params: ContrastParams | null) =>
  queryOptions({
    queryKey: contrastKeys.report(params),
    queryFn: () => api.get<ReportContrast>(CONTRAST_URLS.get, { ...params }),
    enabled: params !== null,
  });
