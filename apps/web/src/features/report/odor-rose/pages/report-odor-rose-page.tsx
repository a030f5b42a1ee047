import { ROSE_UNITS, STATISTICS_MAX_MINUTE_RANGE_MS, STATISTICS_MAX_RANGE_MS, type RoseSector } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Select, Table, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../app/providers/preferences';
import { EChart } from '../../../../components/chart/echart';
import { formatReportValue, ReportLayout } from '../../components';
import { getSelectedProjectId } from '../../../../lib/project';
import { useDeviceOptions, useFactorOptions } from '../../../../components/use-select-options';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { ODOR_ROSE_URLS, type OdorRoseParams, odorRoseQueryOptions } from '../api/odor-rose-api';
import { roseOption } from './rose-option';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

const CHART_HEIGHT = 420;
const DAY_MS = 86_400_000;

interface FilterForm {
  deviceId?: number;
  factorCode?: string;
  timeUnit: OdorRoseParams['timeUnit'];
  range: [Dayjs, Dayjs];
}

/** The longest range of a unit, in days (minute data: a month). */
export const maxDays = (unit: OdorRoseParams['timeUnit']) =>
  Math.round((unit === 'min' ? STATISTICS_MAX_MINUTE_RANGE_MS : STATISTICS_MAX_RANGE_MS) / DAY_MS);

export function toRoseParams(form: FilterForm): OdorRoseParams {
  const projectId = getSelectedProjectId();
  return {
    deviceId: form.deviceId as number,
    factorCode: form.factorCode as string,
    timeUnit: form.timeUnit,
    beginTime: form.range[0].startOf('day').valueOf(),
    endTime: form.range[1].startOf('day').add(1, 'day').valueOf(),
    ...(projectId === null ? {} : { projectId }),
  };
}

/**
 * Odour rose (SPEC section 2 'reports'): one station's wind in 16 sectors — frequency of each and the mean
 * concentration of a chosen odour or pollutant factor with that wind — calm apart; a polar bar chart and its table.
 */
export default function ReportOdorRosePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { theme: themeName } = usePreferences();
  const lang = useVocabularyLang();
  const devices = useDeviceOptions();
  const [form] = Form.useForm<FilterForm>();
  const factors = useFactorOptions(Form.useWatch('deviceId', form));
  const unit = Form.useWatch('timeUnit', form) ?? 'hour';
  const [params, setParams] = useState<OdorRoseParams | null>(null);
  const report = useQuery(odorRoseQueryOptions(params));

  const filter = (
    <Form<FilterForm>
      form={form}
      layout="inline"
      role="search"
      initialValues={{ timeUnit: 'hour', range: [dayjs().subtract(7, 'day'), dayjs()] }}
      onFinish={(values) => setParams(toRoseParams(values))}
      style={{ rowGap: token.marginXS }}
    >
      <Form.Item
        name="deviceId"
        label={t('statistics.filter.device')}
        rules={[{ required: true, message: t('statistics.filter.pickDevice') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={devices.options}
          loading={devices.loading}
          placeholder={t('statistics.filter.pickDevice')}
          style={{ width: 220 }}
          data-testid="rose-device"
        />
      </Form.Item>
      <Form.Item
        name="factorCode"
        label={t('statistics.filter.factor')}
        rules={[{ required: true, message: t('statistics.filter.pickFactor') }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={factors.options}
          loading={factors.loading}
          placeholder={t('statistics.filter.pickFactor')}
          style={{ width: 260 }}
          data-testid="rose-factor"
        />
      </Form.Item>
      <Form.Item name="timeUnit" label={t('statistics.filter.timeUnit')}>
        <Select
          style={{ width: 130 }}
          options={ROSE_UNITS.map((u) => ({ value: u, label: t(`statistics.units.${u}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('statistics.filter.range')}
        dependencies={['timeUnit']}
        rules={[
          {
            validator: (_, range: [Dayjs, Dayjs] | null) =>
              range && range[1].diff(range[0], 'day') < maxDays(unit)
                ? Promise.resolve()
                : Promise.reject(new Error(t('statistics.filter.rangeTooLong', { days: maxDays(unit) }))),
          },
        ]}
      >
        <DateRangePicker allowClear={false} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="rose-search">
          {t('statistics.filter.search')}
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <ReportLayout
      testId="report-odor-rose-page"
      help={t('statistics.odorRose.help')}
      filter={filter}
      exportUrl={ODOR_ROSE_URLS.export}
      params={params}
      query={report}
      isEmpty={(data) => data.samples === 0}
    >
      {(data) => {
        const name = (lang === 'en' ? data.factorNameEn : data.factorName) ?? data.factorCode;
        const meanLabel = `${name} ${t('statistics.odorRose.mean')}${data.unit ? ` (${data.unit})` : ''}`;
        const value = (v: number | null) => formatReportValue(v, data.decimals);
        return (
          <Flex vertical gap="middle">
            <Typography.Text data-testid="rose-summary">
              {data.deviceName} · {t('statistics.odorRose.samples', { count: data.samples })} ·{' '}
              {t('statistics.odorRose.calm', {
                speed: data.calmSpeed,
                count: data.calm.count,
                frequency: data.calm.frequency.toFixed(2),
                mean: value(data.calm.mean),
              })}
            </Typography.Text>
            <EChart
              option={roseOption(
                themeName,
                data,
                { frequency: t('statistics.odorRose.frequency'), mean: meanLabel },
                data.decimals ?? 2,
              )}
              theme={themeName}
              replaceMerge={['series', 'polar', 'angleAxis', 'radiusAxis']}
              style={{ height: CHART_HEIGHT }}
              data-testid="rose-chart"
            />
            <Table<RoseSector>
              rowKey="sector"
              size="small"
              pagination={false}
              dataSource={data.sectors}
              data-testid="rose-sectors"
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>{t('statistics.odorRose.calmRow')}</Table.Summary.Cell>
                  <Table.Summary.Cell index={1}>{`< ${data.calmSpeed} m/s`}</Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    {data.calm.count}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    {data.calm.frequency.toFixed(2)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    {value(data.calm.mean)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
              columns={[
                { key: 'sector', title: t('statistics.columns.sector'), dataIndex: 'sector' },
                { key: 'degrees', title: t('statistics.columns.degrees'), render: (_, s) => `${s.from}–${s.to}` },
                { key: 'count', title: t('statistics.columns.samples'), dataIndex: 'count', align: 'right' },
                {
                  key: 'frequency',
                  title: t('statistics.columns.frequency'),
                  align: 'right',
                  render: (_, s) => s.frequency.toFixed(2),
                },
                { key: 'mean', title: meanLabel, align: 'right', render: (_, s) => value(s.mean) },
              ]}
            />
          </Flex>
        );
      }}
    </ReportLayout>
  );
}
