import { REPORT_TIME_PRECISION, type ReportFactorSummary, type ReportPeriodRow } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatReportValue,
  reportFactorLabel,
  reportFactorName,
  ReportFilterBar,
  type ReportFilterForm,
  ReportLayout,
  sameReportParams,
  reportStatColumns,
  reportTimeParams,
} from '../../components';
import { useTableHeight } from '../../../../components/use-table-height';
import { getSelectedProjectId } from '../../../../lib/project';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { SINGLE_STATION_URLS, type SingleStationParams, singleStationQueryOptions } from '../api/single-station-api';
import { formatDataTime } from '../../../../lib/data-time';

/** Filters, summary table and chart above the period table. */
const ROWS_OFFSET = 420;

function toParams(form: ReportFilterForm): SingleStationParams {
  const projectId = getSelectedProjectId();
  return {
    deviceId: form.deviceId as number,
    ...reportTimeParams(form),
    ...(projectId === null ? {} : { projectId }),
  };
}

/**
 * Single-station report (SPEC section 2 'reports'): every factor of one station over a period at hour,
 * day or month — average, minimum, maximum, valid values, exceedances and compliance rate per factor —
 * then the value of each period (deviceName, MN, DataTime, a column per factor with its unit).
 */
export default function ReportSingleStationPage() {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const [params, setParams] = useState<SingleStationParams | null>(null);
  const report = useQuery(singleStationQueryOptions(params));
  // Searching again with the same filters reads again (the demo's history may have arrived since).
  const search = (next: NonNullable<typeof params>) => {
    if (sameReportParams(next, params)) void report.refetch();
    else setParams(next);
  };
  const rowsHeight = useTableHeight(ROWS_OFFSET);

  return (
    <ReportLayout
      testId="report-single-station-page"
      help={t('report.singleStation.help')}
      filter={<ReportFilterBar devices="one" onSearch={(form) => search(toParams(form))} />}
      exportUrl={SINGLE_STATION_URLS.export}
      params={params}
      query={report}
      isEmpty={(data) => data.factors.length === 0}
    >
      {(data) => (
        <Flex vertical gap="middle">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {data.device.deviceName} · {t('report.singleStation.summary')}
          </Typography.Title>
          <Table<ReportFactorSummary>
            rowKey="factorCode"
            size="small"
            pagination={false}
            dataSource={data.factors}
            data-testid="report-summary"
            columns={[
              { key: 'factor', title: t('report.columns.factor'), render: (_, f) => reportFactorName(f, lang) },
              { key: 'unit', title: t('report.columns.unit'), render: (_, f) => f.unit ?? '' },
              ...reportStatColumns<ReportFactorSummary>(
                t,
                (f) => f,
                (f) => f.decimals,
              ),
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('report.singleStation.data')}
          </Typography.Title>
          <Table<ReportPeriodRow>
            rowKey="dataTime"
            size="small"
            dataSource={data.rows}
            scroll={{ x: 'max-content', y: rowsHeight }}
            pagination={{
              defaultPageSize: 50,
              showSizeChanger: true,
              showTotal: (total) => t('common.table.total', { total }),
            }}
            data-testid="report-rows"
            columns={[
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
                render: (_, row) =>
                  formatDataTime(row.dataTime, data.device.utcOffsetMinutes, REPORT_TIME_PRECISION[data.timeUnit]),
              },
              ...data.factors.map((f) => ({
                key: f.factorCode,
                title: reportFactorLabel(f, lang),
                align: 'right' as const,
                render: (_: unknown, row: ReportPeriodRow) => formatReportValue(row.values[f.factorCode], f.decimals),
              })),
            ]}
          />
        </Flex>
      )}
    </ReportLayout>
  );
}
