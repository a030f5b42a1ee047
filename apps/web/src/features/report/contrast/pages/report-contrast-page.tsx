import {
  contrastChange,
  formatReportTime,
  REPORT_CONTRAST_MODES,
  REPORT_TIME_PRECISION,
  type ReportContrast,
  type ReportContrastMode,
  type ReportContrastRow,
  type ReportContrastSeries,
} from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Segmented, Table } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../app/providers/preferences';
import {
  formatReportValue,
  lineOption,
  reportFactorLabel,
  reportFactorName,
  ReportChart,
  ReportFilterBar,
  type ReportFilterForm,
  ReportLayout,
  sameReportParams,
  reportStatColumns,
  reportTimeParams,
} from '../../components';
import { formatDataTime } from '../../../../lib/data-time';
import { getSelectedProjectId } from '../../../../lib/project';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { CONTRAST_URLS, type ContrastParams, contrastQueryOptions } from '../api/contrast-api';

function toParams(mode: ReportContrastMode, form: ReportFilterForm): ContrastParams {
  const projectId = getSelectedProjectId();
  return {
    mode,
    factorCode: form.factorCode ?? '',
    deviceIds: mode === 'periods' ? [form.deviceId as number] : (form.deviceIds ?? []),
    ...reportTimeParams(form),
    ...(projectId === null ? {} : { projectId }),
  };
}

/** The station (stations) or the period (periods) a series stands for — as the export names it. */
const seriesLabel = (series: ReportContrastSeries, mode: ReportContrastMode, t: TFunction) =>
  mode === 'stations' ? series.device.deviceName : t(`report.contrast.periods.${series.period}`);

/**
 * Contrast report (SPEC section 2 'reports'): one factor across stations over the same period, or one
 * station's period against the previous period (the same length immediately before) and the same period
 * last year — a line per station or period over the period's hours/days/months, each series' statistics
 * (with this period's change against the earlier ones) and the values side by side.
 */
export default function ReportContrastPage() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const { theme } = usePreferences();
  const [mode, setMode] = useState<ReportContrastMode>('stations');
  const [params, setParams] = useState<ContrastParams | null>(null);
  const report = useQuery(contrastQueryOptions(params));
  // Searching again with the same filters reads again (the demo's history may have arrived since).
  const search = (next: NonNullable<typeof params>) => {
    if (sameReportParams(next, params)) void report.refetch();
    else setParams(next);
  };

  const option = useMemo(() => {
    const data = report.data;
    if (!data) return null;
    const offset = data.series[0]?.device.utcOffsetMinutes ?? 0;
    return lineOption(
      theme,
      reportFactorLabel(data.factor, lang),
      data.factor.unit ?? reportFactorName(data.factor, lang),
      data.rows.map((row) => formatReportTime(row.dataTime, data.timeUnit, offset)),
      data.series.map((s) => ({
        name: seriesLabel(s, data.mode, t),
        values: data.rows.map((row) => row.values[s.key] ?? null),
      })),
    );
  }, [report.data, theme, lang, t]);

  return (
    <ReportLayout<ReportContrast>
      testId="report-contrast-page"
      help={t('report.contrast.help')}
      prompt={mode === 'periods' ? t('report.filter.pickDevice') : t('report.filter.pickDevices')}
      filter={
        <Flex vertical gap="small">
          <Segmented<ReportContrastMode>
            value={mode}
            onChange={(next) => {
              setMode(next);
              setParams(null);
            }}
            options={REPORT_CONTRAST_MODES.map((m) => ({ value: m, label: t(`report.contrast.modes.${m}`) }))}
            data-testid="report-contrast-mode"
          />
          <ReportFilterBar
            // A new bar per mode: one station or several.
            key={mode}
            devices={mode === 'periods' ? 'one' : 'many'}
            factors="one"
            onSearch={(form) => search(toParams(mode, form))}
          />
        </Flex>
      }
      exportUrl={CONTRAST_URLS.export}
      params={params}
      query={report}
      isEmpty={(data) => data.rows.length === 0}
    >
      {(data) => {
        const offset = data.series[0]?.device.utcOffsetMinutes ?? 0;
        const current = data.series.find((s) => s.period === 'current');
        // On each station's clock, its zone named when the browser's differs (lib/data-time.ts).
        const time = (ms: number, s: ReportContrastSeries) =>
          formatDataTime(ms, s.device.utcOffsetMinutes, REPORT_TIME_PRECISION.hour);
        return (
          <Flex vertical gap="middle">
            {option ? <ReportChart option={option} testId="report-chart" /> : null}
            <Table<ReportContrastSeries>
              rowKey="key"
              size="small"
              pagination={false}
              dataSource={data.series}
              data-testid="report-summary"
              columns={[
                { key: 'series', title: t('report.columns.series'), render: (_, s) => seriesLabel(s, data.mode, t) },
                { key: 'begin', title: t('report.columns.beginTime'), render: (_, s) => time(s.beginTime, s) },
                { key: 'end', title: t('report.columns.endTime'), render: (_, s) => time(s.endTime, s) },
                ...reportStatColumns<ReportContrastSeries>(
                  t,
                  (s) => s.stats,
                  () => data.factor.decimals,
                ),
                ...(data.mode === 'periods'
                  ? [
                      {
                        key: 'change',
                        title: t('report.contrast.change'),
                        align: 'right' as const,
                        render: (_: unknown, s: ReportContrastSeries) =>
                          s.period === 'current'
                            ? ''
                            : formatReportValue(contrastChange(current?.stats.avg ?? null, s.stats.avg), 2),
                      },
                    ]
                  : []),
              ]}
            />
            <Table<ReportContrastRow>
              rowKey="slot"
              size="small"
              dataSource={data.rows}
              scroll={{ x: 'max-content' }}
              pagination={{ defaultPageSize: 50, showTotal: (total) => t('common.table.total', { total }) }}
              data-testid="report-rows"
              columns={[
                {
                  key: 'dataTime',
                  title: t('report.columns.dataTime'),
                  render: (_, row) => formatDataTime(row.dataTime, offset, REPORT_TIME_PRECISION[data.timeUnit]),
                },
                ...data.series.map((s) => ({
                  key: s.key,
                  title: `${seriesLabel(s, data.mode, t)}${data.factor.unit ? ` (${data.factor.unit})` : ''}`,
                  align: 'right' as const,
                  render: (_: unknown, row: ReportContrastRow) =>
                    formatReportValue(row.values[s.key], data.factor.decimals),
                })),
              ]}
            />
          </Flex>
        );
      }}
    </ReportLayout>
  );
}
