import { REPORT_TIME_PRECISION, type ReportFactorSummary, type ReportPeriodRow, reportEndpoints } from '@envmon/shared';
import {
  reportAuditedNote,
  defineReportScreen,
  formatReportValue,
  reportFactorLabel,
  reportFactorName,
  reportFilter,
  ReportScreen,
  reportStatColumns,
} from '../../components';
import { formatDataTime } from '../../../../lib/data-time';

/** Filters, summary table and chart above the period table. */
const ROWS_OFFSET = 420;

/**
 * Single-station report (SPEC section 2 'reports'): every factor of one station over a period at hour,
 * day or month — average, minimum, maximum, valid values, exceedances and compliance rate per factor —
 * then the value of each period (deviceName, MN, DataTime, a column per factor with its unit).
 */
const singleStationScreen = defineReportScreen(reportEndpoints.singleStation, {
  testId: 'report-single-station-page',
  help: (t) => t('report.singleStation.help'),
  filter: reportFilter({ devices: 'one', toParams: (form) => ({ deviceId: form.deviceId as number }) }),
  isEmpty: (data) => data.factors.length === 0,
  tableOffset: ROWS_OFFSET,
  body: (part) => [
    reportAuditedNote(),
    part.title((data, { t }) => (
      <>
        {data.device.deviceName} · {t('report.singleStation.summary')}
      </>
    )),
    part.table({
      testId: 'report-summary',
      rows: (data) => data.factors,
      rowKey: 'factorCode',
      props: () => ({ pagination: false }),
      columns: (_, { t, lang }) => [
        { key: 'factor', title: t('report.columns.factor'), render: (_, f) => reportFactorName(f, lang) },
        { key: 'unit', title: t('report.columns.unit'), render: (_, f) => f.unit ?? '' },
        ...reportStatColumns<ReportFactorSummary>(
          t,
          (f) => f,
          (f) => f.decimals,
        ),
      ],
    }),
    part.title((_, { t }) => t('report.singleStation.data')),
    part.pageTable({
      testId: 'report-rows',
      rows: (data) => data.rows,
      rowKey: 'dataTime',
      columns: (data, { t, lang }) => [
        {
          key: 'deviceName',
          title: t('report.columns.deviceName'),
          fixed: 'left',
          render: () => data.device.deviceName,
        },
        { key: 'mn', title: t('report.columns.mn'), render: () => data.device.mn },
        {
          key: 'dataTime',
          title: t('report.columns.dataTime'),
          // On the station's clock, its zone named when the browser's differs (lib/data-time.ts).
          render: (_, row: ReportPeriodRow) =>
            formatDataTime(row.dataTime, data.device.utcOffsetMinutes, REPORT_TIME_PRECISION[data.timeUnit]),
        },
        ...data.factors.map((f) => ({
          key: f.factorCode,
          title: reportFactorLabel(f, lang),
          align: 'right' as const,
          render: (_: unknown, row: ReportPeriodRow) => formatReportValue(row.values[f.factorCode], f.decimals),
        })),
      ],
    }),
  ],
});

export default function ReportSingleStationPage() {
  return <ReportScreen definition={singleStationScreen} />;
}
