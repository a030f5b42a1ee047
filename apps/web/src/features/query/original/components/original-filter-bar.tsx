import { ORIGINAL_STATUSES } from '@envmon/shared';
import { Form, Input, Select, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterActions } from '../../../../components/crud/filter-actions';
import { DeviceSelect } from '../../../../components/device-factor-select';
import { type OriginalFilterForm, rangeAllowed } from '../utils/original-filter';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';
import { boundedRangeRules } from '../../../../components/date-range/range-rules';

const FILTER_WIDTH = 170;

/** The default range: the last 24 hours. */
export const defaultOriginalForm = (): OriginalFilterForm => {
  const now = dayjs();
  return { range: [now.subtract(1, 'day'), now] };
};

/** Device or MN (an unknown station has only its MN), CN, status and the required range, applied on search. */
export function OriginalFilterBar({ onSearch }: { onSearch: (form: OriginalFilterForm) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OriginalFilterForm>();
  const { token } = theme.useToken();
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={defaultOriginalForm()}
      onFinish={onSearch}
      style={{ rowGap: token.marginXS }}
      role="search"
    >
      <Form.Item name="deviceId" label={t('original.fields.device')}>
        <DeviceSelect allowClear placeholder={t('original.fields.device')} style={{ width: FILTER_WIDTH + 50 }} />
      </Form.Item>
      <Form.Item name="mn" label="MN">
        <Input allowClear placeholder="MN" style={{ width: FILTER_WIDTH }} />
      </Form.Item>
      <Form.Item name="cn" label="CN">
        <Input allowClear placeholder="CN" style={{ width: FILTER_WIDTH / 2 + 20 }} />
      </Form.Item>
      <Form.Item name="status" label={t('original.fields.status')}>
        <Select
          allowClear
          placeholder={t('original.fields.status')}
          style={{ width: FILTER_WIDTH - 40 }}
          options={ORIGINAL_STATUSES.map((s) => ({ value: s, label: t(`original.status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="range"
        label={t('original.fields.range')}
        rules={boundedRangeRules(rangeAllowed, {
          required: t('original.rangeRequired'),
          tooLong: t('original.rangeTooLong'),
        })}
      >
        <DateRangePicker showTime allowClear={false} />
      </Form.Item>
      <FilterActions onReset={() => onSearch(defaultOriginalForm())} />
    </Form>
  );
}
