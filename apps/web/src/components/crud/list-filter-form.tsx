import { Checkbox, Form, Input, Select, theme } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../date-range/date-range-picker';
import { DeviceSelect } from '../device-factor-select';
import type { ListFilter } from './list-definition';
import { PickerSelect } from './list-picker';
import { FilterActions } from './filter-actions';

export type ListFilterValues = Record<string, unknown>;

type Range = [Dayjs | null, Dayjs | null] | null | undefined;

/** What the filters send: text trimmed (blank is no filter), a range as its two bounds in whole seconds. */
export function toListQuery(filters: readonly ListFilter[], values: ListFilterValues): Record<string, unknown> {
  const query: Record<string, unknown> = { ...values };
  for (const filter of filters) {
    const value = values[filter.name];
    switch (filter.kind) {
      case 'text':
        query[filter.name] = typeof value === 'string' ? value.trim() || undefined : undefined;
        break;
      case 'dateTimeRange': {
        const [begin, end] = (value as Range) ?? [null, null];
        const [from, to] = filter.names;
        delete query[filter.name];
        query[from] = begin ? begin.millisecond(0).valueOf() : undefined;
        query[to] = end ? end.millisecond(999).valueOf() : undefined;
        break;
      }
      case 'switch':
        query[filter.name] = value === true ? true : undefined;
        break;
      case 'select':
      case 'device':
      case 'picker':
        break;
    }
  }
  return query;
}

export interface ListFilterFormProps {
  /** The form's name: its fields' ids differ from the same fields' in the add/edit dialog. */
  name: string;
  filters: readonly ListFilter[];
  width: number;
  onSearch: (query: Record<string, unknown>) => void;
}

/** The definition's filters; applied on search, reset clears them and searches with none. */
export function ListFilterForm({ name, filters, width, onSearch }: ListFilterFormProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<ListFilterValues>();
  const search = (values: ListFilterValues) => onSearch(toListQuery(filters, values));
  return (
    <Form form={form} name={name} layout="inline" onFinish={search} style={{ rowGap: token.marginXS }} role="search">
      {filters.map((filter) => {
        const placeholder = filter.placeholder ? t(filter.placeholder) : undefined;
        const style = { width: filter.width ?? width };
        return (
          <Form.Item
            key={filter.name}
            name={filter.name}
            label={t(filter.label)}
            {...(filter.kind === 'switch' ? { valuePropName: 'checked' } : {})}
          >
            {filter.kind === 'switch' ? (
              <Checkbox />
            ) : filter.kind === 'text' ? (
              <Input allowClear placeholder={placeholder} style={style} />
            ) : filter.kind === 'select' ? (
              <Select allowClear options={filter.options(t)} placeholder={placeholder} style={style} />
            ) : filter.kind === 'device' ? (
              <DeviceSelect allowClear placeholder={placeholder} style={style} />
            ) : filter.kind === 'picker' ? (
              <PickerSelect
                usePicker={filter.usePicker}
                dependsOn={filter.dependsOn}
                search={filter.search}
                allowClear
                placeholder={placeholder}
                style={style}
              />
            ) : (
              <DateRangePicker showTime allowEmpty={[true, true]} />
            )}
          </Form.Item>
        );
      })}
      <FilterActions onReset={() => search({})} />
    </Form>
  );
}
