import { SUMMARY_UNITS, type SummaryRow, type SummaryUnit, reportEndpoints, type SummaryQuery } from '@envmon/shared';
import { DatePicker, Form, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  defineReportScreen,
  formatReportPercent,
  reportPagination,
  ReportScreen,
  statisticsFilter,
  statisticsRowColumns,
  reportQuery,
} from '../../components';
import { getSelectedProjectId } from '../../../../lib/project';

/** The filters the screen sends: its read's query (SummaryQuery) without ifFilter and the export's language. */
type SummaryParams = Pick<SummaryQuery, 'timeUnit' | 'date' | 'projectId'>;

/** Filters, help and title above the table. */
const TABLE_OFFSET = 400;
const PICKER = { day: 'date', month: 'month', year: 'year' } as const;

interface FilterForm {
  timeUnit: SummaryUnit;
  date: Dayjs;
}

export function toSummaryParams(form: FilterForm): SummaryParams {
  const projectId = getSelectedProjectId();
  const start = form.timeUnit === 'day' ? form.date : form.date.startOf(form.timeUnit);
  return {
    timeUnit: form.timeUnit,
    date: start.format('YYYY-MM-DD'),
    ...(projectId === null ? {} : { projectId }),
  };
}

/**
 * Summaries (SPEC section 2 'reports'): the project's day, month or year summary — per station and factor
 * average, minimum, maximum, exceedances, compliance and data completeness — a table ready to hand in.
 */
const summaryQuery = reportQuery(reportEndpoints.summary.read);

const summaryScreen = defineReportScreen({
  testId: 'report-summary-page',
  help: (t) => t('statistics.summary.help'),
  prompt: (t) => t('statistics.filter.prompt'),
  filter: statisticsFilter({
    initialValues: (): FilterForm => ({ timeUnit: 'month', date: dayjs().startOf('month') }),
    fields: [
      {
        field: 'custom',
        render: (t) => (
          <Form.Item name="timeUnit">
            <Segmented<SummaryUnit>
              options={SUMMARY_UNITS.map((u) => ({ value: u, label: t(`statistics.summaryUnits.${u}`) }))}
            />
          </Form.Item>
        ),
      },
      {
        field: 'custom',
        render: (t, unit) => (
          <Form.Item name="date" label={t('statistics.filter.date')}>
            <DatePicker picker={PICKER[unit as SummaryUnit]} allowClear={false} />
          </Form.Item>
        ),
      },
    ],
    searchTestId: 'summary-search',
    toParams: toSummaryParams,
  }),
  query: summaryQuery,
  exportUrl: reportEndpoints.summary.export.path,
  isEmpty: (data) => data.rows.length === 0,
  tableOffset: TABLE_OFFSET,
  body: (part) => [
    part.title(
      (data, { t, lang }) =>
        t('statistics.summary.title', {
          project:
            (lang === 'en' ? (data.projectNameEn ?? data.projectName) : data.projectName) ??
            t('statistics.summary.allProjects'),
          unit: t(`statistics.summaryUnits.${data.timeUnit}`),
          period: data.period,
        }),
      'summary-title',
    ),
    part.table({
      testId: 'summary-rows',
      rows: (data) => data.rows,
      rowKey: (row: SummaryRow) => `${row.deviceId}-${row.factorCode}`,
      props: (_, { t, tableHeight }) => ({
        scroll: { x: 'max-content', y: tableHeight },
        pagination: reportPagination(t),
      }),
      columns: (_, { t, lang, token }) => [
        ...statisticsRowColumns<SummaryRow>(t, lang),
        {
          key: 'exceedances',
          title: t('statistics.columns.exceedances'),
          align: 'right',
          render: (_, row) => (
            <span style={row.exceedances > 0 ? { color: token.colorErrorText } : undefined}>{row.exceedances}</span>
          ),
        },
        {
          key: 'compliance',
          title: t('statistics.columns.compliance'),
          align: 'right',
          render: (_, row) => formatReportPercent(row.compliance),
        },
        { key: 'expected', title: t('statistics.columns.expectedPeriods'), dataIndex: 'expected', align: 'right' },
        {
          key: 'completeness',
          title: t('statistics.columns.completeness'),
          align: 'right',
          render: (_, row) => formatReportPercent(row.completeness),
        },
      ],
    }),
  ],
});

export default function ReportSummaryPage() {
  return <ReportScreen definition={summaryScreen} />;
}
