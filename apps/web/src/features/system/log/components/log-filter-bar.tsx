import { Form, Input, Select, theme } from 'antd';
import { FilterActions } from '../../../../components/crud/filter-actions';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../../../../lib/dayjs';
import type { LogFilterValues } from './log-query';
import { DateRangePicker } from '../../../../components/date-range/date-range-picker';

/** Wide enough for a user name or a path fragment. */
const FILTER_WIDTH = 180;

export function LogFilterBar({ onSearch }: { onSearch: (values: LogFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LogFilterValues>();
  const { token } = theme.useToken();
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ rowGap: token.marginXS }} role="search">
      <Form.Item name="userName" label={t('system.log.userName')}>
        <Input allowClear placeholder={t('system.log.userName')} style={{ width: FILTER_WIDTH }} />
      </Form.Item>
      <Form.Item name="url" label={t('system.log.url')}>
        <Input allowClear placeholder={t('system.log.url')} style={{ width: FILTER_WIDTH }} />
      </Form.Item>
      <Form.Item name="range" label={t('system.log.timeRange')}>
        <DateRangePicker showTime format={DATE_TIME_FORMAT} allowEmpty={[true, true]} />
      </Form.Item>
      <Form.Item name="success" label={t('system.log.status')}>
        <Select
          allowClear
          placeholder={t('system.log.status')}
          style={{ width: FILTER_WIDTH }}
          options={[
            { value: '1', label: t('system.log.succeeded') },
            { value: '0', label: t('system.log.failed') },
          ]}
        />
      </Form.Item>
      <FilterActions onReset={() => onSearch({})} />
    </Form>
  );
}
