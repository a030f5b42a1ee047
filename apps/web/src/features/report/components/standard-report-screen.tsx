import type { ReportStandard, ReportStandardReport, reportEndpoints } from '@envmon/shared';
import type { TFunction } from 'i18next';
import type { ReportChartSpec } from './report-chart';
import type { ReportFilterForm } from './report-filter-bar';
import { reportAuditedNote, reportFilter } from './report-parts';
import { defineReportScreen, type ReportChartContext } from './report-screen';
import { REPORT_STANDARD_DEFAULTS, ReportStandardFields, ReportStandardTable } from './report-standard-parts';

/** The factor bar's and the radar's calls: the same report, each under its own path and permission. */
type StandardReportCalls = (typeof reportEndpoints)['factorBar' | 'radar'];

export interface StandardReportScreenOptions {
  testId: string;
  help: (t: TFunction) => string;
  /** The chart, or null when the report has nothing to draw (the table still shows). */
  chart: (data: ReportStandardReport, context: ReportChartContext) => ReportChartSpec | null;
}

/** The device, its factors and the standard to compare with, from the filter bar. */
const standardFilters = (form: ReportFilterForm) => ({
  deviceId: form.deviceId as number,
  factorCodes: form.factorCodes ?? [],
  standard: (form.standard as ReportStandard | undefined) ?? 'threshold',
  waterClass: (form.waterClass as number | undefined) ?? 3,
});

/**
 * A screen comparing one device's factors with their standards (the factor bar, the standard radar):
 * the filter bar with the standard to compare with, the chart, and the table of averages, limits,
 * ratios and exceedances.
 */
export function standardReportScreen(calls: StandardReportCalls, { testId, help, chart }: StandardReportScreenOptions) {
  return defineReportScreen(calls, {
    testId,
    help,
    filter: reportFilter({
      devices: 'one',
      factors: 'many',
      initialValues: REPORT_STANDARD_DEFAULTS,
      extra: <ReportStandardFields />,
      toParams: standardFilters,
    }),
    isEmpty: (data) => data.factors.length === 0,
    body: (part) => [
      reportAuditedNote(),
      part.chart(chart),
      part.node((data) => <ReportStandardTable report={data} />),
    ],
  });
}
