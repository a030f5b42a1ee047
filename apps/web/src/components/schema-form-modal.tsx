import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showIssuesOnForm } from '../lib/zod-form-errors';

export interface SchemaFormModalProps<V extends object, S extends z.ZodType> {
  title: string;
  /** The caller's form (it may watch fields while the user types). */
  form: FormInstance<V>;
  initialValues: V;
  /** The server's own input schema (STYLE.md rule 3): the form is saved only when it passes. */
  schema: S;
  /** The form's values as the schema reads them (cleared boxes are null, unchosen selects undefined). */
  toInput?: (values: V) => unknown;
  onSave: (input: z.output<S>) => void;
  saving: boolean;
  onClose: () => void;
  /** Labels beside the fields, this many of 24 columns wide; absent: labels above the fields. */
  labelSpan?: number;
  width?: number;
  testId?: string;
  children: ReactNode;
}

/**
 * A dialog with a form that is checked with the server's schema before it is saved; what the schema
 * refuses is shown under the fields concerned, in the console's language.
 */
export function SchemaFormModal<V extends object, S extends z.ZodType>({
  title,
  form,
  initialValues,
  schema,
  toInput = (values) => values,
  onSave,
  saving,
  onClose,
  labelSpan,
  width,
  testId,
  children,
}: SchemaFormModalProps<V, S>) {
  const { t } = useTranslation();
  const submit = () => {
    const parsed = schema.safeParse(toInput(form.getFieldsValue(true) as V));
    if (parsed.success) onSave(parsed.data);
    else showIssuesOnForm(form, parsed.error.issues, (key, values) => t(key, values));
  };
  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        {...(labelSpan === undefined ? { layout: 'vertical' } : { labelCol: { span: labelSpan } })}
        initialValues={initialValues}
        data-testid={testId}
      >
        {children}
      </Form>
    </Modal>
  );
}
