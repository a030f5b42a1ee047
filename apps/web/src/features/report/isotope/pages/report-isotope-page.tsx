import { ISOTOPE_UNITS, STATISTICS_MAX_RANGE_MS, type IsotopeRow } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Form, Select, Table, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatReportValue, ReportLayout } from '../../components';
import { useTableHeight } from '../../../../components/use-table-height';
import { getSelectedProjectId } from '../../../../lib/project';
import { useDeviceOptions } from '../../../../components/use-select-options';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { ISOTOPE_URLS, type IsotopeParams, isotopeQueryOptions } from '../api/isotope-api';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

const TABLE_OFFSET = 400;
const MAX_DAYS = Math.round(STATISTICS_MAX_RANGE_MS / 86_400_000);

interface FilterForm {
  deviceId?: number;
  timeUnit: IsotopeParams['timeUnit'];
  range: [Dayjs, Dayjs];
}

/** The chosen days as [first midnight, midnight after the last). */
export function toIsotopeParams(form: FilterForm): IsotopeParams {
  const projectId = getSelectedProjectId();
  return {
    timeUnit: form.timeUnit,
    beginTime: form.range[0].startOf('day').valueOf(),
    endTime: form.range[1].startOf('day').add(1, 'day').valueOf(),
    ...(form.deviceId === undefined ? {} : { deviceId: form.deviceId }),
    ...(projectId === null ? {} : { projectId }),
  };
}

/**
 * Isotope report (SPEC section 2 'reports'): statistics of the factors the catalogue marks as isotopes
 * (category 'isotope') per station over a period; without such a factor it says how to configure one.
 */
export default function ReportIsotopePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = useVocabularyLang();
  const devices = useDeviceOptions();
  const [params, setParams] = useState<IsotopeParams | null>(null);
  const report = useQuery(isotopeQueryOptions(params));
  const height = useTableHeight(TABLE_OFFSET);
  const name = (f: { factorCode: string; factorName: string | null; factorNameEn: string | null }) =>
    (lang === 'en' ? f.factorNameEn : f.factorName) ?? f.factorCode;
  const value = (pick: (row: IsotopeRow) => number | null) => (_: unknown, row: IsotopeRow) =>
    formatReportValue(pick(row), row.decimals);

  const filter = (
    <Form<FilterForm>
      layout="inline"
      role="search"
      initialValues={{ timeUnit: 'day', range: [dayjs().subtract(30, 'day'), dayjs()] }}
      onFinish={(values) => setParams(toIsotopeParams(values))}
      style={{ rowGap: token.marginXS }}
    >
      <Form.Item name="deviceId" label={t('statistics.filter.device')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={devices.options}
          loading={devices.loading}
          placeholder={t('statistics.filter.allDevices')}
          style={{ width: 220 }}
        />
      </Form.Item>
      <Form.Item name="timeUnit" label={t('statistics.filter.timeUnit')}>
        <Select
          style={{ width: 130 }}
          options={ISOTOPE_UNITS.map((unit) => ({ value: unit, label: t(`statistics.units.${unit}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('statistics.filter.range')}
        rules={[
          {
            validator: (_, range: [Dayjs, Dayjs] | null) =>
              range && range[1].diff(range[0], 'day') < MAX_DAYS
                ? Promise.resolve()
                : Promise.reject(new Error(t('statistics.filter.rangeTooLong', { days: MAX_DAYS }))),
          },
        ]}
      >
        <DateRangePicker allowClear={false} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="isotope-search">
          {t('statistics.filter.search')}
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <ReportLayout
      testId="report-isotope-page"
      help={t('statistics.isotope.help')}
      filter={filter}
      prompt={t('statistics.filter.prompt')}
      exportUrl={ISOTOPE_URLS.export}
      params={params}
      exportable={(data) => data.rows.length > 0}
      query={report}
      // With no isotope factor configured the body explains how to configure one (not just 'no data').
      isEmpty={(data) => data.factors.length > 0 && data.rows.length === 0}
    >
      {(data) =>
        data.factors.length === 0 ? (
          <Empty description={t('statistics.isotope.noFactors')} data-testid="isotope-no-factors" />
        ) : (
          <Flex vertical gap="middle">
            <Alert
              type="info"
              showIcon
              title={t('statistics.isotope.factors', { names: data.factors.map(name).join('、') })}
            />
            <Table<IsotopeRow>
              rowKey={(row) => `${row.deviceId}-${row.factorCode}`}
              size="small"
              dataSource={data.rows}
              scroll={{ x: 'max-content', y: height }}
              pagination={{ defaultPageSize: 50, showSizeChanger: true }}
              data-testid="isotope-rows"
              columns={[
                {
                  key: 'deviceName',
                  title: t('statistics.columns.deviceName'),
                  dataIndex: 'deviceName',
                  fixed: 'left',
                },
                { key: 'mn', title: t('statistics.columns.mn'), dataIndex: 'deviceCode' },
                { key: 'factor', title: t('statistics.columns.factor'), render: (_, row) => name(row) },
                { key: 'unit', title: t('statistics.columns.unit'), render: (_, row) => row.unit ?? '' },
                { key: 'avg', title: t('statistics.columns.avg'), align: 'right', render: value((r) => r.avg) },
                { key: 'min', title: t('statistics.columns.min'), align: 'right', render: value((r) => r.min) },
                { key: 'max', title: t('statistics.columns.max'), align: 'right', render: value((r) => r.max) },
                { key: 'count', title: t('statistics.columns.count'), dataIndex: 'count', align: 'right' },
                { key: 'valid', title: t('statistics.columns.validCount'), dataIndex: 'valid', align: 'right' },
              ]}
            />
          </Flex>
        )
      }
    </ReportLayout>
  );
}
