import { Form, Select, type SelectProps } from 'antd';
import { useDeviceOptions, useFactorOptions } from './use-select-options';

/** What a screen sets on a picker: everything but the choices, which the picker loads itself. */
type PickerProps<V> = Omit<SelectProps<V>, 'options' | 'loading' | 'showSearch'>;

/** A select over loaded choices, found by typing part of a label; spinning while they load. */
function ChoicesSelect<V>({
  choices,
  ...props
}: PickerProps<V> & { choices: { options: SelectProps<V>['options']; loading: boolean } }) {
  return (
    <Select<V>
      showSearch={{ optionFilterProp: 'label' }}
      options={choices.options}
      loading={choices.loading}
      {...props}
    />
  );
}

/**
 * The devices of the project chosen in the header. One device or several (`mode="multiple"`); inside a
 * Form.Item the item's value and onChange pass through.
 */
export function DeviceSelect<V extends number | number[] = number>(props: PickerProps<V>) {
  return <ChoicesSelect<V> choices={useDeviceOptions()} {...props} />;
}

/**
 * The factor catalogue, named with its codes; the kind the chosen device(s) measure comes first
 * (useFactorOptions). One factor or several (`mode="multiple"`).
 */
export function FactorSelect<V extends string | string[] = string>({
  devices,
  ...props
}: PickerProps<V> & { devices: number | readonly number[] | null | undefined }) {
  return <ChoicesSelect<V> choices={useFactorOptions(devices)} {...props} />;
}

/**
 * A required choice of several devices, the form's `deviceIds`: the placeholder says what to pick, and so
 * does the message when none is picked (the reports over many stations, gather's hand-picked group).
 */
export function DevicesItem({
  label,
  pick,
  width,
  testId,
}: {
  label: string;
  pick: string;
  width: number;
  testId: string;
}) {
  return (
    <Form.Item name="deviceIds" label={label} rules={[{ required: true, message: pick }]}>
      <DeviceSelect<number[]>
        mode="multiple"
        maxTagCount="responsive"
        placeholder={pick}
        style={{ width }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * An optional choice of several factors, the form's `factorCodes` (none picked: all of them), the chosen
 * stations' kind first.
 */
export function FactorsItem({
  label,
  devices,
  placeholder,
  width,
  testId,
}: {
  label: string;
  devices: number | readonly number[] | null | undefined;
  placeholder: string;
  width: number;
  testId?: string;
}) {
  return (
    <Form.Item name="factorCodes" label={label}>
      <FactorSelect<string[]>
        devices={devices}
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        placeholder={placeholder}
        style={{ width }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
