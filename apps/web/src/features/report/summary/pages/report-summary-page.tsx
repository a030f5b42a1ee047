import { SUMMARY_UNITS, type SummaryRow, type SummaryUnit } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Flex, Form, Segmented, Table, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatReportPercent, formatReportValue, ReportLayout } from '../../components';
import { useTableHeight } from '../../../../components/use-table-height';
import { getSelectedProjectId } from '../../../../lib/project';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { SUMMARY_URLS, type SummaryParams, summaryQueryOptions } from '../api/summary-api';

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
export default function ReportSummaryPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = useVocabularyLang();
  const [form] = Form.useForm<FilterForm>();
  const unit = Form.useWatch('timeUnit', form) ?? 'month';
  const [params, setParams] = useState<SummaryParams | null>(null);
  const report = useQuery(summaryQueryOptions(params));
  const height = useTableHeight(TABLE_OFFSET);
  const value = (pick: (row: SummaryRow) => number | null) => (_: unknown, row: SummaryRow) =>
    formatReportValue(pick(row), row.decimals);

  const filter = (
    <Form<FilterForm>
      form={form}
      layout="inline"
      role="search"
      initialValues={{ timeUnit: 'month', date: dayjs().startOf('month') }}
      onFinish={(values) => setParams(toSummaryParams(values))}
      style={{ rowGap: token.marginXS }}
    >
      <Form.Item name="timeUnit">
        <Segmented<SummaryUnit>
          options={SUMMARY_UNITS.map((u) => ({ value: u, label: t(`statistics.summaryUnits.${u}`) }))}
        />
      </Form.Item>
      <Form.Item name="date" label={t('statistics.filter.date')}>
        <DatePicker picker={PICKER[unit]} allowClear={false} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="summary-search">
          {t('statistics.filter.search')}
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <ReportLayout
      testId="report-summary-page"
      help={t('statistics.summary.help')}
      filter={filter}
      prompt={t('statistics.filter.prompt')}
      exportUrl={SUMMARY_URLS.export}
      params={params}
      query={report}
      isEmpty={(data) => data.rows.length === 0}
    >
      {(data) => (
        <Flex vertical gap="middle">
          <Typography.Title level={5} style={{ margin: 0 }} data-testid="summary-title">
            {t('statistics.summary.title', {
              project:
                (lang === 'en' ? (data.projectNameEn ?? data.projectName) : data.projectName) ??
                t('statistics.summary.allProjects'),
              unit: t(`statistics.summaryUnits.${data.timeUnit}`),
              period: data.period,
            })}
          </Typography.Title>
          <Table<SummaryRow>
            rowKey={(row) => `${row.deviceId}-${row.factorCode}`}
            size="small"
            dataSource={data.rows}
            scroll={{ x: 'max-content', y: height }}
            pagination={{
              defaultPageSize: 50,
              showSizeChanger: true,
              showTotal: (total) => t('common.table.total', { total }),
            }}
            data-testid="summary-rows"
            columns={[
              { key: 'deviceName', title: t('statistics.columns.deviceName'), dataIndex: 'deviceName', fixed: 'left' },
              { key: 'mn', title: t('statistics.columns.mn'), dataIndex: 'deviceCode' },
              {
                key: 'factor',
                title: t('statistics.columns.factor'),
                render: (_, row) => (lang === 'en' ? row.factorNameEn : row.factorName) ?? row.factorCode,
              },
              { key: 'unit', title: t('statistics.columns.unit'), render: (_, row) => row.unit ?? '' },
              { key: 'avg', title: t('statistics.columns.avg'), align: 'right', render: value((r) => r.avg) },
              { key: 'min', title: t('statistics.columns.min'), align: 'right', render: value((r) => r.min) },
              { key: 'max', title: t('statistics.columns.max'), align: 'right', render: value((r) => r.max) },
              { key: 'count', title: t('statistics.columns.count'), dataIndex: 'count', align: 'right' },
              { key: 'valid', title: t('statistics.columns.validCount'), dataIndex: 'valid', align: 'right' },
              {
                key: 'exceedances',
                title: t('statistics.columns.exceedances'),
                align: 'right',
                render: (_, row) => (
                  <span style={row.exceedances > 0 ? { color: token.colorErrorText } : undefined}>
                    {row.exceedances}
                  </span>
                ),
              },
              {
                key: 'compliance',
                title: t('statistics.columns.compliance'),
                align: 'right',
                render: (_, row) => formatReportPercent(row.compliance),
              },
              {
                key: 'expected',
                title: t('statistics.columns.expectedPeriods'),
                dataIndex: 'expected',
                align: 'right',
              },
              {
                key: 'completeness',
                title: t('statistics.columns.completeness'),
                align: 'right',
                render: (_, row) => formatReportPercent(row.completeness),
              },
            ]}
          />
        </Flex>
      )}
    </ReportLayout>
  );
}
