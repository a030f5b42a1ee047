import { Button, Card, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { passwordChangeSchema, type PasswordChange } from '@envmon/shared';
import { zodRule } from '../../../lib/form-rules';
import { changePassword } from '../api/change-password';
import { logout } from '../api/logout';
import { LOGIN_REASON_PARAM, PASSWORD_CHANGED } from '../login-reasons';

interface PasswordForm extends PasswordChange {
  confirmPassword: string;
}

/** Wide enough for the labels in both languages, narrow enough to read as one task. */
const FORM_MAX_WIDTH = 480;

/**
 * /pwd and /pwd/index — 'modify password' (SPEC section 2). After the change the session ends and
 * the user signs in again with the new password.
 */
export default function PasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      // Signing out the way the user menu does (server, local storage, a fresh page), then the
      // sign-in page says why.
      await logout();
      localStorage.clear();
      sessionStorage.clear();
      window.location.replace(`/login?${LOGIN_REASON_PARAM}=${PASSWORD_CHANGED}`);
    },
  });
  const { shape } = passwordChangeSchema;

  return (
    <Card title={t('auth.password.title')} style={{ maxWidth: FORM_MAX_WIDTH }}>
      <Typography.Paragraph type="secondary">{t('auth.password.description')}</Typography.Paragraph>
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        disabled={mutation.isPending}
        onFinish={({ oldPassword, newPassword }) => mutation.mutate({ oldPassword, newPassword })}
      >
        <Form.Item name="oldPassword" label={t('auth.password.oldPassword')} rules={[zodRule(shape.oldPassword, t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('auth.password.newPassword')}
          dependencies={['oldPassword']}
          rules={[
            zodRule(shape.newPassword, t),
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value && value === getFieldValue('oldPassword')
                  ? Promise.reject(new Error(t('auth.password.sameAsOld')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth.password.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('validation.required') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value && value !== getFieldValue('newPassword')
                  ? Promise.reject(new Error(t('validation.passwordMismatch')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('auth.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
