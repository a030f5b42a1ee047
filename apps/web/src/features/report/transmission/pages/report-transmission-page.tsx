import {
  TRANSMISSION_DEFAULT_THRESHOLD,
  TRANSMISSION_MAX_DAYS,
  TRANSMISSION_UNITS,
  type TransmissionDay,
  type TransmissionDevice,
  type TransmissionUnit,
} from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, InputNumber, Select, Table, Tag, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatReportPercent, ReportLayout } from '../../components';
import { useTableHeight } from '../../../../components/use-table-height';
import { getSelectedProjectId } from '../../../../lib/project';
import { useDeviceOptions } from '../../../../components/use-select-options';
import { TRANSMISSION_URLS, type TransmissionParams, transmissionQueryOptions } from '../api/transmission-api';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

/** Filters, help and the per-device table above the daily one. */
const DAYS_OFFSET = 520;
const DATE = 'YYYY-MM-DD';

interface FilterForm {
  range: [Dayjs, Dayjs];
  timeUnit: TransmissionUnit;
  threshold: number;
  deviceId?: number;
}

/** At most TRANSMISSION_MAX_DAYS days, first to last inclusive. */
export const rangeFits = ([begin, end]: [Dayjs, Dayjs]) => {
  const days = end.startOf('day').diff(begin.startOf('day'), 'day');
  return days >= 0 && days < TRANSMISSION_MAX_DAYS;
};

function toParams(form: FilterForm): TransmissionParams {
  const projectId = getSelectedProjectId();
  return {
    beginDate: form.range[0].format(DATE),
    endDate: form.range[1].format(DATE),
    timeUnit: form.timeUnit,
    threshold: form.threshold,
    ...(form.deviceId === undefined ? {} : { deviceId: form.deviceId }),
    ...(projectId === null ? {} : { projectId }),
  };
}

/**
 * Data transmission (SPEC section 2 'reports'): per device and day the data expected from its report
 * interval, the data received and valid, the transmission and valid rates; days below the threshold in red.
 */
export default function ReportTransmissionPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const devices = useDeviceOptions();
  const [form] = Form.useForm<FilterForm>();
  const [params, setParams] = useState<TransmissionParams | null>(null);
  const report = useQuery(transmissionQueryOptions(params));
  const daysHeight = useTableHeight(DAYS_OFFSET);
  const names = useMemo(() => new Map((report.data?.devices ?? []).map((d) => [d.deviceId, d])), [report.data]);
  const limit = (params?.threshold ?? TRANSMISSION_DEFAULT_THRESHOLD) / 100;
  const rate = (value: number | null) => (
    <span style={value !== null && value < limit ? { color: token.colorErrorText, fontWeight: 600 } : undefined}>
      {formatReportPercent(value)}
    </span>
  );

  const filter = (
    <Form<FilterForm>
      form={form}
      layout="inline"
      role="search"
      initialValues={{
        range: [dayjs().startOf('month'), dayjs()],
        timeUnit: 'hour',
        threshold: TRANSMISSION_DEFAULT_THRESHOLD,
      }}
      onFinish={(values) => setParams(toParams(values))}
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
          data-testid="transmission-device"
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('statistics.filter.range')}
        rules={[
          {
            validator: (_, value: [Dayjs, Dayjs] | null) =>
              value && rangeFits(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('statistics.filter.rangeTooLong', { days: TRANSMISSION_MAX_DAYS }))),
          },
        ]}
      >
        <DateRangePicker allowClear={false} />
      </Form.Item>
      <Form.Item name="timeUnit" label={t('statistics.filter.timeUnit')}>
        <Select
          style={{ width: 130 }}
          options={TRANSMISSION_UNITS.map((unit) => ({ value: unit, label: t(`statistics.units.${unit}`) }))}
        />
      </Form.Item>
      <Form.Item name="threshold" label={t('statistics.filter.threshold')}>
        <InputNumber min={0} max={100} style={{ width: 90 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="transmission-search">
          {t('statistics.filter.search')}
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <ReportLayout
      testId="report-transmission-page"
      help={t('statistics.transmission.help')}
      filter={filter}
      prompt={t('statistics.filter.prompt')}
      exportUrl={TRANSMISSION_URLS.export}
      params={params}
      query={report}
      isEmpty={(data) => data.devices.length === 0}
    >
      {(data) => (
        <Flex vertical gap="middle">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('statistics.transmission.devices')}
          </Typography.Title>
          <Table<TransmissionDevice>
            rowKey="deviceId"
            size="small"
            dataSource={data.devices}
            pagination={{ defaultPageSize: 10, showSizeChanger: true }}
            data-testid="transmission-devices"
            columns={[
              { key: 'deviceName', title: t('statistics.columns.deviceName'), dataIndex: 'deviceName' },
              { key: 'mn', title: t('statistics.columns.mn'), dataIndex: 'deviceCode' },
              { key: 'expected', title: t('statistics.columns.expected'), dataIndex: 'expected', align: 'right' },
              { key: 'received', title: t('statistics.columns.received'), dataIndex: 'received', align: 'right' },
              { key: 'valid', title: t('statistics.columns.valid'), dataIndex: 'valid', align: 'right' },
              {
                key: 'transmissionRate',
                title: t('statistics.columns.transmissionRate'),
                align: 'right',
                render: (_, d) => rate(d.transmissionRate),
              },
              {
                key: 'validRate',
                title: t('statistics.columns.validRate'),
                align: 'right',
                render: (_, d) => rate(d.validRate),
              },
              {
                key: 'daysBelow',
                title: t('statistics.columns.daysBelow'),
                align: 'right',
                render: (_, d) => (d.daysBelow > 0 ? <Tag color="error">{d.daysBelow}</Tag> : d.daysBelow),
              },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('statistics.transmission.days')}
          </Typography.Title>
          <Table<TransmissionDay>
            rowKey={(d) => `${d.deviceId}-${d.date}`}
            size="small"
            dataSource={data.days}
            scroll={{ x: 'max-content', y: daysHeight }}
            pagination={{
              defaultPageSize: 50,
              showSizeChanger: true,
              showTotal: (total) => t('common.table.total', { total }),
            }}
            data-testid="transmission-days"
            rowClassName={(d) => (d.below ? 'transmission-below' : '')}
            onRow={(d) => (d.below ? { style: { background: token.colorErrorBg } } : {})}
            columns={[
              {
                key: 'deviceName',
                title: t('statistics.columns.deviceName'),
                fixed: 'left',
                render: (_, d) => names.get(d.deviceId)?.deviceName ?? '',
              },
              {
                key: 'mn',
                title: t('statistics.columns.mn'),
                render: (_, d) => names.get(d.deviceId)?.deviceCode ?? '',
              },
              { key: 'date', title: t('statistics.columns.date'), dataIndex: 'date' },
              { key: 'expected', title: t('statistics.columns.expected'), dataIndex: 'expected', align: 'right' },
              { key: 'received', title: t('statistics.columns.received'), dataIndex: 'received', align: 'right' },
              { key: 'valid', title: t('statistics.columns.valid'), dataIndex: 'valid', align: 'right' },
              {
                key: 'transmissionRate',
                title: t('statistics.columns.transmissionRate'),
                align: 'right',
                render: (_, d) => rate(d.transmissionRate),
              },
              {
                key: 'validRate',
                title: t('statistics.columns.validRate'),
                align: 'right',
                render: (_, d) => rate(d.validRate),
              },
              {
                key: 'below',
                title: t('statistics.transmission.below'),
                render: (_, d) => (d.below ? <Tag color="error">{t('statistics.transmission.below')}</Tag> : null),
              },
            ]}
          />
        </Flex>
      )}
    </ReportLayout>
  );
}
