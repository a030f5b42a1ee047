import { Form, Select } from 'antd';
import type { CSSProperties } from 'react';
import type { ListPicker } from './list-definition';

export interface PickerSelectProps {
  usePicker: ListPicker;
  dependsOn?: string;
  search?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  style?: CSSProperties;
}

/** A select whose choices come from the definition's hook, following another field of the same form. */
export function PickerSelect({ usePicker, dependsOn, search, ...props }: PickerSelectProps) {
  const form = Form.useFormInstance();
  const dependency: unknown = Form.useWatch(
    (values: Record<string, unknown>) => (dependsOn === undefined ? undefined : values[dependsOn]),
    form,
  );
  const { options, loading } = usePicker(dependency);
  return (
    <Select
      {...props}
      showSearch={search ? { optionFilterProp: 'label' } : undefined}
      options={options}
      loading={loading}
    />
  );
}
