import type { AlarmFilter } from '@envmon/shared';
import { Form, Select, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterActions } from '../../../../components/crud/filter-actions';
import { useCodeOptions, useDeviceOptions, useFactorOptions } from '../../../../components/use-select-options';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

/** Wide enough for a Chinese or English label's worth of filter text. */
const FILTER_WIDTH = 170;
const WIDE_FILTER_WIDTH = 220;

/** The filters the user sets here; the project and the tab add their own. */
export type AlarmFilterValues = Pick<
  AlarmFilter,
  'deviceId' | 'factorCode' | 'alarmType' | 'alarmLevel' | 'orderStatus' | 'beginTime' | 'endTime'
>;

interface FilterForm {
  deviceId?: number;
  factorCode?: string;
  alarmType?: number;
  alarmLevel?: number;
  orderStatus?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function toAlarmFilter({ range, ...rest }: FilterForm): AlarmFilterValues {
  return {
    ...rest,
    // The whole of the chosen days: from the first one's start to the last one's end.
    beginTime: range?.[0]?.startOf('day').valueOf(),
    endTime: range?.[1]?.endOf('day').valueOf(),
  };
}

/** The alarm filters; applied on search (not per change) so paging and export see one set. */
export function AlarmFilterBar({ onSearch }: { onSearch: (filter: AlarmFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterForm>();
  const { token } = theme.useToken();
  const devices = useDeviceOptions();
  const factors = useFactorOptions(Form.useWatch('deviceId', form));
  const types = useCodeOptions('alarmType');
  const statuses = useCodeOptions('alarmStatus');
  const levels = useCodeOptions('alarmLevel');
  const select = (name: keyof Omit<FilterForm, 'range'>, label: string, props: Parameters<typeof Select>[0]) => (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        placeholder={label}
        style={{ width: FILTER_WIDTH }}
        data-testid={`alarm-filter-${name}`}
        {...props}
      />
    </Form.Item>
  );
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={(values) => onSearch(toAlarmFilter(values))}
      style={{ rowGap: token.marginXS }}
      role="search"
    >
      {select('deviceId', t('alarm.fields.deviceName'), {
        options: devices.options,
        loading: devices.loading,
        showSearch: { optionFilterProp: 'label' },
        style: { width: WIDE_FILTER_WIDTH },
      })}
      {select('factorCode', t('alarm.fields.factorName'), {
        options: factors.options,
        loading: factors.loading,
        showSearch: { optionFilterProp: 'label' },
        style: { width: WIDE_FILTER_WIDTH },
      })}
      {select('alarmType', t('alarm.fields.alarmType'), { options: types })}
      {select('alarmLevel', t('alarm.fields.alarmLevel'), { options: levels })}
      {select('orderStatus', t('alarm.fields.orderStatus'), { options: statuses })}
      <Form.Item name="range" label={t('alarmList.filters.range')}>
        <DateRangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <FilterActions onReset={() => onSearch({})} />
    </Form>
  );
}
