import {
  type AuditCell,
  type AuditReason,
  AUDIT_REASONS,
  DATA_AUDIT_LIMITS,
  dataAuditInputProblem,
  vocabularyLabel,
} from '@envmon/shared';
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVocabularyLang } from '../../../../components/vocabulary/use-vocabulary-lang';
import { useAddAudit } from '../api/data-audit-api';

/** The actions that take cells and a reason (approving a day is asked for apart). */
export type CellAction = 'invalid' | 'valid' | 'replace';

interface DialogValues {
  reason?: AuditReason;
  remark?: string;
  value?: number | null;
}

export interface AuditDialogProps {
  action: CellAction;
  deviceId: number;
  kind: 'hour' | 'day';
  cells: readonly AuditCell[];
  /** What the one cell of a replacement shows now (the form's starting value). */
  currentValue?: number | null;
  /** Digits of the replaced value's factor. */
  decimals?: number | null;
  /** What is audited, in words: a station, a factor and a time, or a count. */
  subject: string;
  onClose: () => void;
}

/**
 * Marks the chosen values valid or invalid, or replaces one, with a reason (the list) and a remark.
 * The shared rule (dataAuditInputProblem) checks it as the server will, its words beside the fields.
 */
export function AuditDialog({
  action,
  deviceId,
  kind,
  cells,
  currentValue,
  decimals,
  subject,
  onClose,
}: AuditDialogProps) {
  const { t } = useTranslation();
  const lang = useVocabularyLang();
  const [form] = Form.useForm<DialogValues>();
  const add = useAddAudit();

  const submit = () => {
    const values = form.getFieldsValue(true) as DialogValues;
    const input = {
      deviceId,
      kind,
      action,
      reason: values.reason ?? null,
      remark: values.remark?.trim() ? values.remark.trim() : null,
      cells: [...cells],
      ...(action === 'replace' ? { value: values.value ?? null } : {}),
    };
    const problem = dataAuditInputProblem(input);
    if (problem) {
      form.setFields([{ name: problem.path as keyof DialogValues, errors: [t(problem.message)] }]);
      return;
    }
    add.mutate(input, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={t(`dataAudit.dialog.title.${action}`)}
      onCancel={onClose}
      onOk={submit}
      okText={t(`dataAudit.dialog.ok.${action}`)}
      okButtonProps={{ danger: action === 'invalid' }}
      cancelText={t('common.actions.cancel')}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form<DialogValues>
        form={form}
        layout="vertical"
        initialValues={{ value: currentValue ?? null }}
        data-testid="data-audit-dialog"
      >
        <Typography.Paragraph type="secondary">{subject}</Typography.Paragraph>
        {action === 'replace' ? (
          <Form.Item name="value" label={t('dataAudit.fields.newValue')} required>
            <InputNumber
              style={{ width: '100%' }}
              precision={decimals ?? undefined}
              step={decimals ? 10 ** -decimals : 1}
              autoFocus
            />
          </Form.Item>
        ) : null}
        <Form.Item name="reason" label={t('dataAudit.fields.reason')} required>
          <Select<AuditReason>
            options={AUDIT_REASONS.map((reason) => ({
              value: reason,
              label: vocabularyLabel('auditReason', reason, lang),
            }))}
            placeholder={t('dataAudit.dialog.reasonPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('dataAudit.fields.remark')}>
          <Input.TextArea rows={2} maxLength={DATA_AUDIT_LIMITS.remarkMax} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
