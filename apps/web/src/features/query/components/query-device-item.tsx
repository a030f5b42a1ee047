import { Form } from 'antd';
import { DeviceSelect } from '../../../components/device-factor-select';

/**
 * The station a query reads, held by the screen rather than a form field: a labelled device picker, its
 * label naming it for screen readers too. Clearable where the query also reads all stations (video).
 */
export function QueryDeviceItem({
  label,
  value,
  onChange,
  placeholder,
  width,
  allowClear,
  testId,
}: {
  label: string;
  value: number | undefined;
  onChange: (deviceId: number | undefined) => void;
  placeholder: string;
  width: number;
  allowClear?: boolean;
  testId?: string;
}) {
  return (
    <Form.Item label={label}>
      <DeviceSelect
        aria-label={label}
        allowClear={allowClear}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        style={{ width }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
