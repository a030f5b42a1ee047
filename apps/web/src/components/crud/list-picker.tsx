import { Form, Select, type SelectProps } from 'antd';
import type { CSSProperties } from 'react';
import type { ListPick, ListPicker } from './list-definition';

export interface PickerSelectProps {
  usePicker: ListPicker;
  dependsOn?: string;
  search?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  /** Several values, in the order chosen. */
  multiple?: boolean;
  maxCount?: number;
  disabled?: boolean;
  /** Other fields set from the choice; `editing` is passed through to it. */
  onPick?: ListPick;
  editing?: boolean;
  /** Given by Form.Item. */
  value?: unknown;
  onChange?: SelectProps['onChange'];
  id?: string;
}

/** A select whose choices come from the definition's hook, following another field of the same form. */
export function PickerSelect({
  usePicker,
  dependsOn,
  search,
  multiple,
  onPick,
  editing = false,
  onChange,
  ...props
}: PickerSelectProps) {
  const form = Form.useFormInstance();
  const dependency: unknown = Form.useWatch(
    (values: Record<string, unknown>) => (dependsOn === undefined ? undefined : values[dependsOn]),
    form,
  );
  const { options, loading } = usePicker(dependency);
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      onChange={(value, option) => {
        onChange?.(value, option);
        onPick?.(option, form, editing);
      }}
      showSearch={search ? { optionFilterProp: 'label' } : undefined}
      options={options}
      loading={loading}
    />
  );
}
