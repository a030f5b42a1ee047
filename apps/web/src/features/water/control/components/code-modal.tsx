import { DYNAMIC_CODE, dynamicCodeSchema } from '@envmon/shared';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface CodeForm {
  code: string;
}

/**
 * Asks for the user's dynamic code before a guarded command is sent (or again, after the server said it is
 * wrong or used): the command is named, the code checked for its shape here and for its value by the server.
 */
export function CodeModal({
  open,
  commandName,
  error,
  sending,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  commandName: string;
  /** The server's refusal of the last code, shown on the field. */
  error: string | null;
  sending: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeForm>();

  const submit = ({ code }: CodeForm) => {
    const parsed = dynamicCodeSchema.safeParse(code);
    if (!parsed.success) {
      form.setFields([{ name: 'code', errors: [t('waterControl.code.invalid', { digits: DYNAMIC_CODE.digits })] }]);
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <Modal
      open={open}
      title={t('waterControl.code.title')}
      okText={t('waterControl.code.send')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={sending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      // A new code each time: the field starts empty.
      destroyOnHidden
      data-testid="water-control-code"
    >
      <Form<CodeForm> form={form} layout="vertical" name="water-control-code" onFinish={submit} preserve={false}>
        <Typography.Paragraph>{t('waterControl.code.description', { command: commandName })}</Typography.Paragraph>
        <Form.Item
          name="code"
          label={t('waterControl.code.label')}
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
          rules={[{ required: true, message: t('waterControl.code.required') }]}
        >
          <Input
            autoFocus
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={DYNAMIC_CODE.digits + 2}
            data-testid="water-control-code-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
