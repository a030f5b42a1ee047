import { CRUD, type CrudDefinition, type CrudField, VOCABULARIES, type VocabularyName } from '@envmon/shared';
import { useQuery } from '@tanstack/react-query';
import { Input, InputNumber, Select } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { crudAllQueryOptions } from './api/crud-queries';
import { vocabularyLang } from './cell-render';
import { type FormMode, rowLabel } from './form-values';
import { ParentSelect, ResourceTreeInput } from './resource-tree-input';

/** Rows of a textarea field: room for a remark without pushing the buttons away. */
const TEXTAREA_ROWS = 3;
/** Free lists (device codes) accept pasted comma- or space-separated values. */
const TAG_SEPARATORS = [',', '，', ' '];

/** Options of a vocabulary select, labelled in the console language. */
export function useVocabularyOptions(name: VocabularyName | undefined) {
  const { i18n } = useTranslation();
  const lang = vocabularyLang(i18n.language);
  return useMemo(
    () => (name ? VOCABULARIES[name].items.map((item) => ({ value: item.value, label: item[lang] })) : []),
    [name, lang],
  );
}

interface ValueProps<T> {
  value?: T;
  onChange?: (value: T) => void;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}

function VocabularySelect({ vocabulary, ...props }: ValueProps<string> & { vocabulary?: VocabularyName }) {
  const options = useVocabularyOptions(vocabulary);
  return <Select {...props} options={options} />;
}

/** Select of another CRUD entity's rows (several for a relation, one for a parent), labelled by its label field. */
function RelationSelect({
  def,
  multiple,
  ...props
}: ValueProps<number[] | number> & { def: CrudDefinition; multiple: boolean }) {
  const query = useQuery(crudAllQueryOptions(def));
  const options = useMemo(
    () => (query.data ?? []).map((row) => ({ value: row.id, label: rowLabel(def, row) })),
    [query.data, def],
  );
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={query.isPending}
      status={query.isError ? 'error' : undefined}
      options={options}
    />
  );
}

export interface FieldControlProps {
  field: CrudField;
  mode: FormMode;
  /** The id of the row being edited. */
  rowId?: number;
  placeholder?: string;
}

/**
 * The input for one definition field. Form.Item injects `value`/`onChange` into the element
 * returned here, so each control is returned directly rather than wrapped.
 */
export function renderFieldControl({ field, mode, rowId, placeholder }: FieldControlProps): ReactNode {
  // Fixed after creation (the user name): still shown and submitted, not editable.
  const disabled = field.createOnly === true && mode === 'update';
  switch (field.kind) {
    case 'text':
      return <Input allowClear disabled={disabled} placeholder={placeholder} />;
    case 'password':
      return <Input.Password autoComplete="new-password" disabled={disabled} placeholder={placeholder} />;
    case 'textarea':
      return <Input.TextArea rows={TEXTAREA_ROWS} disabled={disabled} placeholder={placeholder} />;
    case 'number':
      return <InputNumber disabled={disabled} placeholder={placeholder} style={{ width: '100%' }} />;
    case 'vocabulary':
      return <VocabularySelect vocabulary={field.vocabulary} disabled={disabled} placeholder={placeholder} />;
    case 'relation':
      return field.relation ? (
        <RelationSelect def={CRUD[field.relation]} multiple disabled={disabled} placeholder={placeholder} />
      ) : null;
    case 'parent':
      // Resources form the menu tree, so their parent is picked in that tree.
      if (field.relation === 'resource') return <ParentSelect selfId={mode === 'update' ? rowId : undefined} />;
      return field.relation ? (
        <RelationSelect def={CRUD[field.relation]} multiple={false} disabled={disabled} placeholder={placeholder} />
      ) : null;
    case 'resourceTree':
      return <ResourceTreeInput />;
    case 'tags':
      return <Select mode="tags" tokenSeparators={TAG_SEPARATORS} disabled={disabled} placeholder={placeholder} />;
  }
}
