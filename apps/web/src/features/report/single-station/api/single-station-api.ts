import type { ReportSingleStation, ReportTimeUnit } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const SINGLE_STATION_URLS = {
  get: '/data/report/rest/singleStation',
  export: '/data/report/rest/singleStation/export',
} as const;

export interface SingleStationParams {
  deviceId: number;
  timeUnit: ReportTimeUnit;
  beginTime: number;
  endTime: number;
  projectId?: number;
}

/** Query keys (STYLE.md rule 7): every report key starts with 'report'. */
export const singleStationKeys = {
  report: (params: SingleStationParams | null) => ['report', 'singleStation', params] as const,
};

/** Runs once the filters are complete (a device chosen and searched). */
export const singleStationQueryOptions = (params: SingleStationParams | null) =>
  queryOptions({
    queryKey: singleStationKeys.report(params),
    queryFn: () => api.get<ReportSingleStation>(SINGLE_STATION_URLS.get, { ...params }),
    enabled: params !== null,
  });
