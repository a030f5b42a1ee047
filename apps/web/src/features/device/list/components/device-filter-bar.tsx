import { Form, Input, Select, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVocabularyOptions } from '../../../../components/crud/field-controls';
import { FilterActions } from '../../../../components/crud/filter-actions';
import type { DeviceFilters } from '../api/get-devices';

/** Wide enough for a Chinese or English label's worth of filter text. */
const FILTER_WIDTH = 170;

type FilterForm = Omit<DeviceFilters, 'projectId'>;

/** The table's filters; applied on search (not per keystroke) so paging and export see one set. */
export function DeviceFilterBar({ onSearch }: { onSearch: (filters: FilterForm) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterForm>();
  const { token } = theme.useToken();
  const deviceTypes = useVocabularyOptions('deviceType');
  const box = (name: 'deviceName' | 'deviceCode') => (
    <Form.Item name={name} label={t(`device.fields.${name}`)}>
      <Input
        allowClear
        placeholder={t(`device.fields.${name}`)}
        style={{ width: FILTER_WIDTH }}
        data-testid={`device-filter-${name}`}
      />
    </Form.Item>
  );
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ rowGap: token.marginXS }} role="search">
      {box('deviceName')}
      {box('deviceCode')}
      <Form.Item name="deviceType" label={t('device.fields.deviceType')}>
        {/* Types by their names: the filter still sends the HJ 212 system code. */}
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: FILTER_WIDTH }}
          placeholder={t('device.fields.deviceType')}
          options={deviceTypes}
          data-testid="device-filter-deviceType"
        />
      </Form.Item>
      <Form.Item name="ifValid" label={t('device.fields.ifValid')}>
        <Select
          allowClear
          style={{ width: FILTER_WIDTH }}
          placeholder={t('device.fields.ifValid')}
          options={[
            { value: 1, label: t('device.valid.1') },
            { value: 0, label: t('device.valid.0') },
          ]}
        />
      </Form.Item>
      <FilterActions onReset={() => onSearch({})} />
    </Form>
  );
}
