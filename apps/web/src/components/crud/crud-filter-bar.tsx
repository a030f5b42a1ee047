import type { CrudFilter } from '@envmon/shared';
import { Form, Input, Select, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterValues } from './export-params';
import { useVocabularyOptions } from './field-controls';
import { FilterActions } from './filter-actions';

/** Wide enough for a Chinese or English label's worth of filter text. */
const FILTER_WIDTH = 180;

function VocabularyFilter({
  filter,
  ...props
}: {
  filter: CrudFilter;
  value?: string;
  onChange?: (v: string) => void;
}) {
  const { t } = useTranslation();
  const options = useVocabularyOptions(filter.vocabulary);
  return (
    <Select {...props} allowClear options={options} placeholder={t(filter.label)} style={{ width: FILTER_WIDTH }} />
  );
}

export interface CrudFilterBarProps {
  filters: readonly CrudFilter[];
  onSearch: (values: FilterValues) => void;
}

/** The definition's filters; applied on search (not per keystroke) so paging and export see one set. */
export function CrudFilterBar({ filters, onSearch }: CrudFilterBarProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const { token } = theme.useToken();
  if (filters.length === 0) return null;
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ rowGap: token.marginXS }} role="search">
      {filters.map((filter) => (
        <Form.Item key={filter.name} name={filter.name} label={t(filter.label)}>
          {filter.kind === 'vocabulary' ? (
            <VocabularyFilter filter={filter} />
          ) : (
            <Input allowClear placeholder={t(filter.label)} style={{ width: FILTER_WIDTH }} />
          )}
        </Form.Item>
      ))}
      <FilterActions onReset={() => onSearch({})} />
    </Form>
  );
}
