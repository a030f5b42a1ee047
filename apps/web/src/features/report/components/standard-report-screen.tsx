import type { ReportStandardReport } from '@envmon/shared';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../app/providers/preferences';
import { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';
import type { VocabularyLang } from '../../../components/crud/cell-render';
import type { ChartThemeName } from '../../../components/chart/chart-theme';
import { ReportChart, type ReportChartSpec } from './report-chart';
import { ReportFilterBar } from './report-filter-bar';
import { ReportLayout } from './report-layout';
import { REPORT_STANDARD_DEFAULTS, ReportStandardFields, ReportStandardTable } from './report-standard-parts';
import { type StandardParams, toStandardParams } from './report-standard-params';
import { sameReportParams } from './report-time';

/** What draws a standard report's chart: the computed report in the console's theme and language. */
export interface StandardChartContext {
  theme: ChartThemeName;
  lang: VocabularyLang;
  t: TFunction;
}

export interface StandardReportScreenProps<K extends QueryKey> {
  testId: string;
  help: string;
  exportUrl: string;
  queryOptions: (
    params: StandardParams | null,
  ) => UseQueryOptions<ReportStandardReport, Error, ReportStandardReport, K>;
  /** The chart, or null when the report has nothing to draw (the table still shows). */
  chartOption: (data: ReportStandardReport, context: StandardChartContext) => ReportChartSpec | null;
}

/**
 * A screen comparing one device's factors with their standards (the factor bar, the standard radar):
 * the filter bar with the standard to compare with, the chart, and the table of averages, limits,
 * ratios and exceedances.
 */
export function StandardReportScreen<K extends QueryKey>({
  testId,
  help,
  exportUrl,
  queryOptions,
  chartOption,
}: StandardReportScreenProps<K>) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { theme } = usePreferences();
  const [params, setParams] = useState<StandardParams | null>(null);
  const report = useQuery(queryOptions(params));
  // Searching again with the same filters reads again (the demo's history may have arrived since).
  const search = (next: StandardParams) => {
    if (sameReportParams(next, params)) void report.refetch();
    else setParams(next);
  };
  const chart = useMemo(
    () => (report.data ? chartOption(report.data, { theme, lang, t }) : null),
    [report.data, chartOption, theme, lang, t],
  );

  return (
    <ReportLayout
      testId={testId}
      help={help}
      filter={
        <ReportFilterBar
          devices="one"
          factors="many"
          initialValues={REPORT_STANDARD_DEFAULTS}
          extra={<ReportStandardFields />}
          onSearch={(form) => search(toStandardParams(form))}
        />
      }
      exportUrl={exportUrl}
      params={params}
      query={report}
      isEmpty={(data) => data.factors.length === 0}
    >
      {(data) => (
        <Flex vertical gap="middle">
          {chart ? <ReportChart {...chart} testId="report-chart" /> : null}
          <ReportStandardTable report={data} />
        </Flex>
      )}
    </ReportLayout>
  );
}
