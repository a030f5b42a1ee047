import type { SummaryReport, SummaryUnit } from '@envmon/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

export const SUMMARY_URLS = {
  get: '/data/report/rest/summary',
  export: '/data/report/rest/summary/export',
} as const;

export interface SummaryParams {
  timeUnit: SummaryUnit;
  /** 'YYYY-MM-DD': the day, or a day of the month or year. */
  date: string;
  projectId?: number;
}

/** Query keys (STYLE.md rule 7): every report key starts with 'report'. */
export const summaryKeys = {
  report: (params: SummaryParams | null) => ['report', 'summary', params] as const,
};

export const summaryQueryOptions = (params: SummaryParams | null) =>
  queryOptions({
    queryKey: summaryKeys.report(params),
    queryFn: () => api.get<SummaryReport>(SUMMARY_URLS.get, { ...params }),
    enabled: params !== null,
  });
