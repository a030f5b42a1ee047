import { DYNAMIC_CODE, dynamicCodeSchema } from '@envmon/shared';
import { Form, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const WIDTH = 180;
/** Six digits, with the space some apps show between the groups. */
const MAX_LENGTH = DYNAMIC_CODE.digits + 1;

/** A code from the authenticator app, checked with the server's schema; `label` names it. */
export function CodeField({ label, testId }: { label: string; testId: string }) {
  const { t } = useTranslation();
  const rule: FormRule = {
    required: true,
    message: t('dynamicCode.rules.code'),
    validator: (_rule, value: unknown) =>
      dynamicCodeSchema.safeParse(value ?? '').success
        ? Promise.resolve()
        : Promise.reject(new Error(t('dynamicCode.rules.code'))),
  };
  return (
    <Form.Item name="code" label={label} rules={[rule]}>
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={MAX_LENGTH}
        style={{ width: WIDTH }}
        data-testid={testId}
      />
    </Form.Item>
  );
}
