import {
  contrastChange,
  formatReportTime,
  REPORT_CONTRAST_MODES,
  REPORT_TIME_PRECISION,
  type ReportContrastMode,
  type ReportContrastRow,
  type ReportContrastSeries,
  reportEndpoints,
} from '@envmon/shared';
import type { TFunction } from 'i18next';
import {
  reportAuditedNote,
  defineReportScreen,
  formatReportValue,
  lineOption,
  reportFactorLabel,
  reportFactorName,
  reportFilter,
  type ReportFilterForm,
  reportPagination,
  ReportScreen,
  reportStatColumns,
} from '../../components';
import { formatDataTime } from '../../../../lib/data-time';

/** The factor and the station (periods) or stations compared. */
const toParams = (mode: ReportContrastMode, form: ReportFilterForm) => ({
  mode,
  factorCode: form.factorCode ?? '',
  deviceIds: mode === 'periods' ? [form.deviceId as number] : (form.deviceIds ?? []),
});

/** The station (stations) or the period (periods) a series stands for — as the export names it. */
const seriesLabel = (series: ReportContrastSeries, mode: ReportContrastMode, t: TFunction) =>
  mode === 'stations' ? series.device.deviceName : t(`report.contrast.periods.${series.period}`);

/** On each station's clock, its zone named when the browser's differs (lib/data-time.ts). */
const seriesTime = (ms: number, s: ReportContrastSeries) =>
  formatDataTime(ms, s.device.utcOffsetMinutes, REPORT_TIME_PRECISION.hour);

/**
 * Contrast report (SPEC section 2 'reports'): one factor across stations over the same period, or one
 * station's period against the previous period (the same length immediately before) and the same period
 * last year — a line per station or period over the period's hours/days/months, each series' statistics
 * (with this period's change against the earlier ones) and the values side by side.
 */
const contrastScreen = defineReportScreen(reportEndpoints.contrast, {
  testId: 'report-contrast-page',
  help: (t) => t('report.contrast.help'),
  prompt: (t, mode) => (mode === 'periods' ? t('report.filter.pickDevice') : t('report.filter.pickDevices')),
  modes: {
    values: REPORT_CONTRAST_MODES,
    initial: 'stations' as ReportContrastMode,
    label: (m, t) => t(`report.contrast.modes.${m}`),
    testId: 'report-contrast-mode',
  },
  // One station or several.
  filter: (mode) =>
    reportFilter({
      devices: mode === 'periods' ? 'one' : 'many',
      factors: 'one',
      toParams: (form) => toParams(mode, form),
    }),
  isEmpty: (data) => data.rows.length === 0,
  body: (part) => [
    reportAuditedNote(),
    part.chart((data, { theme, lang, t }) => {
      const offset = data.series[0]?.device.utcOffsetMinutes ?? 0;
      return {
        option: lineOption(
          theme,
          reportFactorLabel(data.factor, lang),
          data.factor.unit ?? reportFactorName(data.factor, lang),
          data.rows.map((row) => formatReportTime(row.dataTime, data.timeUnit, offset)),
          data.series.map((s) => ({
            name: seriesLabel(s, data.mode, t),
            values: data.rows.map((row) => row.values[s.key] ?? null),
          })),
        ),
      };
    }),
    part.table({
      testId: 'report-summary',
      rows: (data) => data.series,
      rowKey: 'key',
      props: () => ({ pagination: false }),
      columns: (data, { t }) => {
        const current = data.series.find((s) => s.period === 'current');
        return [
          { key: 'series', title: t('report.columns.series'), render: (_, s) => seriesLabel(s, data.mode, t) },
          { key: 'begin', title: t('report.columns.beginTime'), render: (_, s) => seriesTime(s.beginTime, s) },
          { key: 'end', title: t('report.columns.endTime'), render: (_, s) => seriesTime(s.endTime, s) },
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
        ];
      },
    }),
    part.table({
      testId: 'report-rows',
      rows: (data) => data.rows,
      rowKey: 'slot',
      props: (_, { t }) => ({
        scroll: { x: 'max-content' },
        pagination: reportPagination(t, { sizeChanger: false }),
      }),
      columns: (data, { t }) => {
        const offset = data.series[0]?.device.utcOffsetMinutes ?? 0;
        return [
          {
            key: 'dataTime',
            title: t('report.columns.dataTime'),
            render: (_, row: ReportContrastRow) =>
              formatDataTime(row.dataTime, offset, REPORT_TIME_PRECISION[data.timeUnit]),
          },
          ...data.series.map((s) => ({
            key: s.key,
            title: `${seriesLabel(s, data.mode, t)}${data.factor.unit ? ` (${data.factor.unit})` : ''}`,
            align: 'right' as const,
            render: (_: unknown, row: ReportContrastRow) => formatReportValue(row.values[s.key], data.factor.decimals),
          })),
        ];
      },
    }),
  ],
});

export default function ReportContrastPage() {
  return <ReportScreen definition={contrastScreen} />;
}
