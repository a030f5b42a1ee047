import { SUMMARY_UNITS, type SummaryRow, type SummaryUnit, reportEndpoints, type SummaryQuery } from '@envmon/shared';
import { DatePicker, Form, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  reportAuditedNote,
  defineReportScreen,
  formatReportPercent,
  type ReportFilters,
  ReportScreen,
  statisticsFilter,
  statisticsRowColumns,
  withSelectedProject,
} from '../../components';

/** Filters, help and title above the table. */
const TABLE_OFFSET = 400;
const PICKER = { day: 'date', month: 'month', year: 'year' } as const;

interface FilterForm {
  timeUnit: SummaryUnit;
  date: Dayjs;
}

/** The period's first day. */
export function toSummaryParams(form: FilterForm): ReportFilters<SummaryQuery> {
  const start = form.timeUnit === 'day' ? form.date : form.date.startOf(form.timeUnit);
  return withSelectedProject({ timeUnit: form.timeUnit, date: start.format('YYYY-MM-DD') });
}

/**
 * Summaries (SPEC section 2 'reports'): the project's day, month or year summary — per station and factor
 * average, minimum, maximum, exceedances, compliance and data completeness — a table ready to hand in.
 */
const summaryScreen = defineReportScreen(reportEndpoints.summary, {
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
  isEmpty: (data) => data.rows.length === 0,
  tableOffset: TABLE_OFFSET,
  body: (part) => [
    reportAuditedNote(),
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
    part.pageTable({
      testId: 'summary-rows',
      rows: (data) => data.rows,
      rowKey: (row: SummaryRow) => `${row.deviceId}-${row.factorCode}`,
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
