import type { QueryKey } from '@tanstack/react-query';
import { Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../schema-form-modal';
import { PickerSelect } from './list-picker';
import { useDeviceOptions } from '../use-select-options';
import { useListSave } from './api/list-mutations';
import { type ListDefinition, type ListField, type ListRow, rowKeyOf } from './list-definition';

/** Side-by-side fields' gutter. */
const GUTTER = 16;

function DeviceSelect({
  allowClear,
  multiple,
  ...props
}: {
  allowClear?: boolean;
  multiple?: boolean;
  maxCount?: number;
  disabled?: boolean;
}) {
  const devices = useDeviceOptions();
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      options={devices.options}
      loading={devices.loading}
    />
  );
}

/** The input of one field; Form.Item hands it value and onChange. `editing`: a row is being edited. */
export function renderListFieldControl(field: ListField, t: TFunction, editing = false): ReactNode {
  const disabled = field.disabled === true || (field.createOnly === true && editing) ? true : undefined;
  switch (field.kind) {
    case 'text':
      return (
        <Input
          maxLength={field.maxLength}
          disabled={disabled}
          allowClear={field.allowClear}
          placeholder={field.placeholder ? t(field.placeholder) : undefined}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea rows={field.rows} maxLength={field.maxLength} showCount={field.showCount} disabled={disabled} />
      );
    case 'number':
      return (
        <InputNumber
          style={{ width: '100%' }}
          min={field.min}
          max={field.max}
          precision={field.precision}
          disabled={disabled}
        />
      );
    case 'select':
      return (
        <Select
          options={field.options(t)}
          mode={field.multiple ? 'multiple' : undefined}
          maxCount={field.maxCount}
          disabled={disabled}
        />
      );
    case 'picker':
      return (
        <PickerSelect
          usePicker={field.usePicker}
          dependsOn={field.dependsOn}
          search={field.search}
          allowClear={field.allowClear}
          multiple={field.multiple}
          maxCount={field.maxCount}
          disabled={disabled}
          onPick={field.onPick}
          editing={editing}
        />
      );
    case 'device':
      return (
        <DeviceSelect
          allowClear={field.allowClear}
          multiple={field.multiple}
          maxCount={field.maxCount}
          disabled={disabled}
        />
      );
    case 'date':
      return <DatePicker style={{ width: '100%' }} disabled={disabled} />;
    case 'datetime':
      return <DatePicker showTime style={{ width: '100%' }} disabled={disabled} />;
    case 'switch':
      return <Switch disabled={disabled} />;
    case 'section':
      return null;
  }
}

/**
 * Whether the form's values pass a field's `showWhen`. A hidden field stays mounted (antd's `hidden`): it keeps
 * its value, and the errors set on it once shown again reach it (a field mounted after them would miss them).
 */
function useShown(when: ListField['showWhen']): boolean {
  const form = Form.useFormInstance<Record<string, unknown>>();
  const watched = Form.useWatch((values: Record<string, unknown>) => when?.(values) ?? true, form);
  return watched ?? when?.(form.getFieldsValue(true) as Record<string, unknown>) ?? true;
}

const HIDDEN_COLUMN = { display: 'none' } as const;

/** A field, in its column when it has a span. */
function FieldItem({ field, editing, span }: { field: ListField; editing: boolean; span?: number }) {
  const { t } = useTranslation();
  const shown = useShown(field.showWhen);
  if (field.kind === 'section')
    return (
      <>
        <Divider titlePlacement="start" plain>
          {t(field.label)}
        </Divider>
        {field.extra ? <Typography.Paragraph type="secondary">{t(field.extra)}</Typography.Paragraph> : null}
      </>
    );
  const hint = field.extra && !(field.createOnly && editing) ? t(field.extra) : undefined;
  const item = (
    <Form.Item
      name={field.name}
      label={t(field.label)}
      extra={hint}
      required={field.required}
      hidden={!shown}
      {...(field.kind === 'switch' ? { valuePropName: 'checked' } : {})}
    >
      {renderListFieldControl(field, t, editing)}
    </Form.Item>
  );
  return span === undefined ? (
    item
  ) : (
    <Col span={span} style={shown ? undefined : HIDDEN_COLUMN}>
      {item}
    </Col>
  );
}

/** Consecutive fields with a span share a row; the others take the whole width. */
export function groupFields(fields: readonly ListField[]): (ListField | ListField[])[] {
  const groups: (ListField | ListField[])[] = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (field.span === undefined) groups.push(field);
    else if (Array.isArray(last)) last.push(field);
    else groups.push([field]);
  }
  return groups;
}

export interface ListFormModalProps<Row extends ListRow, K extends QueryKey> {
  def: ListDefinition<Row, K>;
  /** The row being edited; absent to add one. */
  row?: Row;
  onClose: () => void;
  /** The row just added. */
  onCreated?: (row: Row) => void;
}

/** Add or edit a row, checked with the server's own schema before it is sent. */
export function ListFormModal<Row extends ListRow, K extends QueryKey>({
  def,
  row,
  onClose,
  onCreated,
}: ListFormModalProps<Row, K>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const save = useListSave<Row>(def.endpoints);
  const spec = def.form;
  if (!spec) return null;
  return (
    <SchemaFormModal
      title={row ? t(spec.editTitle) : t(spec.addTitle)}
      form={form}
      initialValues={spec.toFormValues(row) as Record<string, unknown>}
      schema={spec.schema}
      toInput={spec.toInput}
      onSave={(body) =>
        save.mutate(
          { body, key: row ? { [def.rowKey ?? 'id']: rowKeyOf(def, row) } : undefined },
          {
            onSuccess: (saved) => {
              onClose();
              if (!row) onCreated?.(saved);
            },
          },
        )
      }
      saving={save.isPending}
      onClose={onClose}
      labelSpan={spec.labelSpan}
      width={spec.width}
      testId={spec.testId}
    >
      {groupFields(spec.fields).map((group) =>
        Array.isArray(group) ? (
          <Row key={group.map((field) => field.name).join()} gutter={GUTTER}>
            {group.map((field) => (
              <FieldItem key={field.name} field={field} editing={row !== undefined} span={field.span} />
            ))}
          </Row>
        ) : (
          <FieldItem key={group.name} field={group} editing={row !== undefined} />
        ),
      )}
    </SchemaFormModal>
  );
}
