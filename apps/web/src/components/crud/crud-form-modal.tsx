import type { CrudDefinition, CrudField } from '@envmon/shared';
import { Form, type FormRule, Modal } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCrudSave } from './api/crud-mutations';
import { FORM_LABEL_SPAN, FORM_MODAL_WIDTH, FORM_WRAPPER_SPAN } from './constants';
import { renderFieldControl } from './field-controls';
import {
  type CrudRow,
  fieldSchemaOf,
  type FormMode,
  fromFormValue,
  fromFormValues,
  isRequiredField,
  rowLabel,
  schemaFor,
  toFormValues,
} from './form-values';
import { issueMessage, type Translate, zodIssuesToFormErrors } from '../../lib/zod-form-errors';

/** Rules a page adds to the schema's, e.g. a server-side uniqueness check; by form mode. */
export type ExtraRules = (mode: FormMode, row: CrudRow | undefined) => Partial<Record<string, FormRule[]>>;

export interface CrudEditing {
  mode: FormMode;
  row?: CrudRow;
}

/** The field's own schema, run as the user edits it, so mistakes show before submitting. */
function schemaRule(schema: CrudEditingSchema, field: CrudField, translate: Translate): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = await fieldSchemaOf(schema, field.name)?.safeParseAsync(fromFormValue(field, value));
      const [issue] = result?.success === false ? result.error.issues : [];
      if (!issue) return;
      const { key, values } = issueMessage(issue);
      throw new Error(translate(key, values));
    },
  };
}

type CrudEditingSchema = ReturnType<typeof schemaFor>;

export interface CrudFormModalProps {
  def: CrudDefinition;
  editing: CrudEditing;
  onClose: () => void;
  extraRules?: ExtraRules;
}

/** Add or edit one row; fields, their order, rules and the request body all come from the definition. */
export function CrudFormModal({ def, editing, onClose, extraRules }: CrudFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useCrudSave(def);
  const { mode, row } = editing;
  const schema = schemaFor(def, mode);
  const translate: Translate = (key, values) => t(key, values);
  const initialValues = useMemo(() => toFormValues(def, mode, row), [def, mode, row]);
  const extra = extraRules?.(mode, row) ?? {};

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      // antd shows each field's message beside it.
      return;
    }
    // The whole schema once more: it is what the server runs, and it yields the body (defaults, trims).
    const parsed = schema.safeParse(fromFormValues(def, form.getFieldsValue(true) as Record<string, unknown>));
    if (!parsed.success) {
      form.setFields(zodIssuesToFormErrors(parsed.error.issues, translate));
      return;
    }
    save.mutate({ mode, body: parsed.data, id: row?.id }, { onSuccess: onClose });
  };

  const subject = row ? rowLabel(def, row) : t(def.title);
  const action = mode === 'create' ? t('common.actions.add') : t('common.actions.edit');

  return (
    <Modal
      open
      title={`${action} · ${subject}`}
      width={FORM_MODAL_WIDTH}
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form
        form={form}
        name={`crud-${def.key}`}
        layout="horizontal"
        labelCol={{ span: FORM_LABEL_SPAN }}
        wrapperCol={{ span: FORM_WRAPPER_SPAN }}
        initialValues={initialValues}
        validateTrigger={['onChange', 'onBlur']}
      >
        {def.fields.map((field) => {
          const keepsPassword = field.kind === 'password' && !isRequiredField(schema, field.name);
          const placeholder = field.placeholder
            ? t(field.placeholder)
            : keepsPassword
              ? t('common.form.passwordKeep')
              : undefined;
          return (
            <Form.Item
              key={field.name}
              name={field.name}
              label={t(field.label)}
              required={isRequiredField(schema, field.name)}
              rules={[schemaRule(schema, field, translate), ...(extra[field.name] ?? [])]}
            >
              {renderFieldControl({ field, mode, rowId: row?.id, placeholder })}
            </Form.Item>
          );
        })}
      </Form>
    </Modal>
  );
}
