import type { ReportMultiStation, ReportTimeUnit } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const MULTI_STATION_URLS = {
  get: '/data/report/rest/multiStation',
  export: '/data/report/rest/multiStation/export',
} as const;

export interface MultiStationParams {
  deviceIds: number[];
  /** Empty: every factor with values. */
  factorCodes: string[];
  timeUnit: ReportTimeUnit;
  beginTime: number;
  endTime: number;
  projectId?: number;
}

export const multiStationKeys = {
  report: (params: MultiStationParams | null) => ['report', 'multiStation', params] as const,
};

/** Runs once stations are chosen and searched. */
export const multiStationQueryOptions = (params: MultiStationParams | null) =>
  queryOptions({
    queryKey: multiStationKeys.report(params),
    queryFn: () => api.get<ReportMultiStation>(MULTI_STATION_URLS.get, { ...params }),
    enabled: params !== null,
  });
