import { Select, type SelectProps } from 'antd';
import { useDeviceOptions, useFactorOptions } from './use-select-options';

/** What a screen sets on a picker: everything but the choices, which the picker loads itself. */
type PickerProps<V> = Omit<SelectProps<V>, 'options' | 'loading' | 'showSearch'>;

/**
 * The devices of the project chosen in the header, found by typing part of a name. One device or several
 * (`mode="multiple"`); inside a Form.Item the item's value and onChange pass through.
 */
export function DeviceSelect<V extends number | number[] = number>(props: PickerProps<V>) {
  const devices = useDeviceOptions();
  return (
    <Select<V>
      showSearch={{ optionFilterProp: 'label' }}
      options={devices.options}
      loading={devices.loading}
      {...props}
    />
  );
}

/**
 * The factor catalogue, found by name or code; the kind the chosen device(s) measure comes first
 * (useFactorOptions). One factor or several (`mode="multiple"`).
 */
export function FactorSelect<V extends string | string[] = string>({
  devices,
  ...props
}: PickerProps<V> & { devices: number | readonly number[] | null | undefined }) {
  const factors = useFactorOptions(devices);
  return (
    <Select<V>
      showSearch={{ optionFilterProp: 'label' }}
      options={factors.options}
      loading={factors.loading}
      {...props}
    />
  );
}
