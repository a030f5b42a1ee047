import type { TransmissionReport, TransmissionUnit } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const TRANSMISSION_URLS = {
  get: '/data/report/rest/transmission',
  export: '/data/report/rest/transmission/export',
} as const;

export interface TransmissionParams {
  beginDate: string;
  endDate: string;
  timeUnit: TransmissionUnit;
  threshold: number;
  deviceId?: number;
  projectId?: number;
}

/** Query keys (STYLE.md rule 7): every report key starts with 'report'. */
export const transmissionKeys = {
  report: (params: TransmissionParams | null) => ['report', 'transmission', params] as const,
};

/** Runs once the filters are searched. */
export const transmissionQueryOptions = (params: TransmissionParams | null) =>
  queryOptions({
    queryKey: transmissionKeys.report(params),
    queryFn: () => api.get<TransmissionReport>(TRANSMISSION_URLS.get, { ...params }),
    enabled: params !== null,
  });
