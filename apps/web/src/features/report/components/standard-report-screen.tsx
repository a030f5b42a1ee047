import type { ReportStandardReport } from '@envmon/shared';
import type { QueryKey } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReportChartSpec } from './report-chart';
import { reportFilter } from './report-parts';
import type { ReportChartContext, ReportScreenDefinition } from './report-screen';
import { REPORT_STANDARD_DEFAULTS, ReportStandardFields, ReportStandardTable } from './report-standard-parts';
import { type StandardParams, toStandardParams } from './report-standard-params';

export interface StandardReportScreenOptions<K extends QueryKey> {
  testId: string;
  help: (t: TFunction) => string;
  exportUrl: string;
  query: ReportScreenDefinition<StandardParams, ReportStandardReport, K>['query'];
  /** The chart, or null when the report has nothing to draw (the table still shows). */
  chart: (data: ReportStandardReport, context: ReportChartContext) => ReportChartSpec | null;
}

/**
 * A screen comparing one device's factors with their standards (the factor bar, the standard radar):
 * the filter bar with the standard to compare with, the chart, and the table of averages, limits,
 * ratios and exceedances.
 */
export function standardReportScreen<K extends QueryKey>({
  testId,
  help,
  exportUrl,
  query,
  chart,
}: StandardReportScreenOptions<K>): ReportScreenDefinition<StandardParams, ReportStandardReport, K> {
  return {
    testId,
    help,
    filter: reportFilter({
      devices: 'one',
      factors: 'many',
      initialValues: REPORT_STANDARD_DEFAULTS,
      extra: <ReportStandardFields />,
      toParams: toStandardParams,
    }),
    query,
    exportUrl,
    isEmpty: (data) => data.factors.length === 0,
    body: (part) => [part.chart(chart), part.node((data) => <ReportStandardTable report={data} />)],
  };
}
