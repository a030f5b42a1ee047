import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** A dynamic code as authenticator apps show it (the server checks it). */
const CODE_MAX_LENGTH = 16;

/** The user's current dynamic code, for the commands that need one. */
export function DynamicCodeItem({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="code"
      label={t('control.screen.fields.code')}
      extra={t('control.screen.form.codeHint')}
      required={required}
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_MAX_LENGTH}
        data-testid="counter-control-code"
      />
    </Form.Item>
  );
}
