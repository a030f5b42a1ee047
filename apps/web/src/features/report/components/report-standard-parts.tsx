import {
  formatReportLimit,
  REPORT_STANDARDS,
  REPORT_WATER_CLASSES,
  type ReportStandardFactor,
  type ReportStandardReport,
} from '@envmon/shared';
import { Form, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVocabularyLang } from '../../../components/vocabulary/use-vocabulary-lang';
import { formatReportPercent, formatReportValue, reportFactorName } from './report-format';

/** The standard to compare with — the device's alarm threshold or a surface-water class — for the filter bar. */
export function ReportStandardFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const standard = Form.useWatch('standard', form) as string | undefined;
  return (
    <>
      <Form.Item name="standard" label={t('report.filter.standard')}>
        <Select
          style={{ width: 150 }}
          options={REPORT_STANDARDS.map((s) => ({ value: s, label: t(`report.standards.${s}`) }))}
          data-testid="report-standard"
        />
      </Form.Item>
      {standard === 'waterClass' ? (
        <Form.Item name="waterClass" label={t('report.filter.waterClass')}>
          <Select
            style={{ width: 100 }}
            options={REPORT_WATER_CLASSES.map((c) => ({ value: c, label: t(`report.waterClasses.${c}`) }))}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

export const REPORT_STANDARD_DEFAULTS = { standard: 'threshold', waterClass: 3 } as const;

/** Each factor's average, minimum, maximum, its limit, the ratio to it and whether it is broken (as the export writes them). */
export function ReportStandardTable({ report }: { report: ReportStandardReport }) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  return (
    <Table<ReportStandardFactor>
      rowKey="factorCode"
      size="small"
      pagination={false}
      dataSource={report.factors}
      data-testid="report-table"
      columns={[
        { key: 'factor', title: t('report.columns.factor'), render: (_, f) => reportFactorName(f, lang) },
        { key: 'unit', title: t('report.columns.unit'), render: (_, f) => f.unit ?? '' },
        {
          key: 'avg',
          title: t('report.columns.avg'),
          align: 'right',
          render: (_, f) => formatReportValue(f.avg, f.decimals),
        },
        {
          key: 'min',
          title: t('report.columns.min'),
          align: 'right',
          render: (_, f) => formatReportValue(f.min, f.decimals),
        },
        {
          key: 'max',
          title: t('report.columns.max'),
          align: 'right',
          render: (_, f) => formatReportValue(f.max, f.decimals),
        },
        {
          key: 'limit',
          title: t('report.columns.limit'),
          render: (_, f) =>
            f.limit === null ? (
              <Typography.Text type="secondary">{t('report.states.noStandard')}</Typography.Text>
            ) : (
              formatReportLimit(f.limit)
            ),
        },
        {
          key: 'ratio',
          title: t('report.columns.ratio'),
          align: 'right',
          render: (_, f) => formatReportPercent(f.ratio),
        },
        {
          key: 'exceeded',
          title: t('report.columns.exceeded'),
          render: (_, f) =>
            f.exceeded === null ? (
              ''
            ) : (
              <Tag color={f.exceeded ? 'error' : 'success'}>
                {t(f.exceeded ? 'report.states.yes' : 'report.states.no')}
              </Tag>
            ),
        },
      ]}
    />
  );
}
