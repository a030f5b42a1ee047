import {
  TRANSMISSION_DEFAULT_THRESHOLD,
  TRANSMISSION_MAX_DAYS,
  TRANSMISSION_UNITS,
  type TransmissionDay,
  type TransmissionDevice,
  type TransmissionUnit,
  reportEndpoints,
  type TransmissionQuery,
} from '@envmon/shared';
import { Form, type GlobalToken, InputNumber, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import {
  defineReportScreen,
  formatReportPercent,
  type ReportFilters,
  reportPagination,
  ReportScreen,
  statisticsFilter,
  withSelectedProject,
} from '../../components';

type TransmissionParams = ReportFilters<TransmissionQuery>;

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
  return withSelectedProject({
    beginDate: form.range[0].format(DATE),
    endDate: form.range[1].format(DATE),
    timeUnit: form.timeUnit,
    threshold: form.threshold,
    ...(form.deviceId === undefined ? {} : { deviceId: form.deviceId }),
  });
}

/** A rate, red and bold below the threshold searched. */
const rate = (value: number | null, params: TransmissionParams | null, token: GlobalToken) => {
  const limit = (params?.threshold ?? TRANSMISSION_DEFAULT_THRESHOLD) / 100;
  return (
    <span style={value !== null && value < limit ? { color: token.colorErrorText, fontWeight: 600 } : undefined}>
      {formatReportPercent(value)}
    </span>
  );
};

/** What a device and a device's day both show: expected, received and valid data, and the two rates. */
function rateColumns<R extends TransmissionDay | TransmissionDevice>(
  t: TFunction,
  shown: (value: number | null) => ReactNode,
): ColumnsType<R> {
  return [
    { key: 'expected', title: t('statistics.columns.expected'), dataIndex: 'expected', align: 'right' },
    { key: 'received', title: t('statistics.columns.received'), dataIndex: 'received', align: 'right' },
    { key: 'valid', title: t('statistics.columns.valid'), dataIndex: 'valid', align: 'right' },
    {
      key: 'transmissionRate',
      title: t('statistics.columns.transmissionRate'),
      align: 'right',
      render: (_, d) => shown(d.transmissionRate),
    },
    {
      key: 'validRate',
      title: t('statistics.columns.validRate'),
      align: 'right',
      render: (_, d) => shown(d.validRate),
    },
  ];
}

/**
 * Data transmission (SPEC section 2 'reports'): per device and day the data expected from its report
 * interval, the data received and valid, the transmission and valid rates; days below the threshold in red.
 */
const transmissionScreen = defineReportScreen(reportEndpoints.transmission, {
  testId: 'report-transmission-page',
  help: (t) => t('statistics.transmission.help'),
  prompt: (t) => t('statistics.filter.prompt'),
  filter: statisticsFilter({
    initialValues: (): FilterForm => ({
      range: [dayjs().startOf('month'), dayjs()],
      timeUnit: 'hour',
      threshold: TRANSMISSION_DEFAULT_THRESHOLD,
    }),
    fields: [
      { field: 'device', testId: 'transmission-device' },
      { field: 'range', fits: rangeFits, maxDays: () => TRANSMISSION_MAX_DAYS },
      { field: 'unit', units: TRANSMISSION_UNITS },
      {
        field: 'custom',
        render: (t) => (
          <Form.Item name="threshold" label={t('statistics.filter.threshold')}>
            <InputNumber min={0} max={100} style={{ width: 90 }} />
          </Form.Item>
        ),
      },
    ],
    searchTestId: 'transmission-search',
    toParams,
  }),
  isEmpty: (data) => data.devices.length === 0,
  tableOffset: DAYS_OFFSET,
  body: (part) => [
    part.title((_, { t }) => t('statistics.transmission.devices')),
    part.table({
      testId: 'transmission-devices',
      rows: (data) => data.devices,
      rowKey: 'deviceId',
      props: (_, { t }) => ({ pagination: reportPagination(t, { pageSize: 10, total: false }) }),
      columns: (_, { t, token, params }) => [
        { key: 'deviceName', title: t('statistics.columns.deviceName'), dataIndex: 'deviceName' },
        { key: 'mn', title: t('statistics.columns.mn'), dataIndex: 'deviceCode' },
        ...rateColumns<TransmissionDevice>(t, (value) => rate(value, params, token)),
        {
          key: 'daysBelow',
          title: t('statistics.columns.daysBelow'),
          align: 'right',
          render: (_, d: TransmissionDevice) =>
            d.daysBelow > 0 ? <Tag color="error">{d.daysBelow}</Tag> : d.daysBelow,
        },
      ],
    }),
    part.title((_, { t }) => t('statistics.transmission.days')),
    part.pageTable({
      testId: 'transmission-days',
      rows: (data) => data.days,
      rowKey: (d: TransmissionDay) => `${d.deviceId}-${d.date}`,
      props: (_, { token }) => ({
        rowClassName: (d) => (d.below ? 'transmission-below' : ''),
        onRow: (d) => (d.below ? { style: { background: token.colorErrorBg } } : {}),
      }),
      columns: (data, { t, token, params }) => {
        const names = new Map(data.devices.map((d) => [d.deviceId, d]));
        return [
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
          ...rateColumns<TransmissionDay>(t, (value) => rate(value, params, token)),
          {
            key: 'below',
            title: t('statistics.transmission.below'),
            render: (_, d) => (d.below ? <Tag color="error">{t('statistics.transmission.below')}</Tag> : null),
          },
        ];
      },
    }),
  ],
});

export default function ReportTransmissionPage() {
  return <ReportScreen definition={transmissionScreen} />;
}
