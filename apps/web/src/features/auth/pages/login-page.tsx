import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Divider, Flex, theme } from 'antd';
// The input and the password input themselves: antd's `Input` carries TextArea, Search and OTP along as statics.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, type LoginInput } from '@envmon/shared';
import { Logo } from '../../../components/logo';
import { isApiError } from '../../../lib/api';
import { safeRedirect } from '../../../lib/safe-redirect';
import { consoleConfigQueryOptions } from '../../../lib/console-config';
import { login } from '../api/login';
import { useStartSession } from '../hooks/use-start-session';
import { LOGIN_REASON_PARAM, PASSWORD_CHANGED } from '../login-reasons';

const LOGO_SIZE = 48;

type Field = keyof LoginInput;
type Errors = Partial<Record<Field, string>>;

/**
 * The form's rules: a user name that is more than spaces, a password; the boxes stop at the shared schema's lengths.
 * The server checks the rest with the schema and its reason is shown (a value longer than a box, set by a script):
 * zod on the sign-in page would add a tenth to the download of every visitor (scripts/bundle-budget.mjs).
 */
function validate(values: LoginInput, t: (key: string) => string): Errors {
  const errors: Errors = {};
  if (!values.userName.trim()) errors.userName = t('auth.login.userNameRequired');
  if (!values.password) errors.password = t('auth.login.passwordRequired');
  return errors;
}

/** A labelled field with its message below, laid out as antd's vertical form item. */
function LoginField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div className="app-login-field">
      <label htmlFor={id} className="app-login-label" style={{ color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      <div id={`${id}-error`} className="app-login-error" style={{ color: token.colorError }}>
        {error && <div role="alert">{error}</div>}
      </div>
    </div>
  );
}

/** /login: user name (trimmed) and password; the server's reason is shown as it gives it. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  const [values, setValues] = useState<LoginInput>({ userName: '', password: '' });
  // A field is checked as it changes once it has been changed or submitted, as antd's form did.
  const [checked, setChecked] = useState<Partial<Record<Field, boolean>>>({});
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();
  const config = useQuery(consoleConfigQueryOptions());
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (result) => startSession(result.token, safeRedirect(searchParams.get('redirect'))),
  });

  useEffect(() => {
    document.title = `${t('auth.login.title')} - ${t('common.appName')}`;
  }, [t]);

  const oauth = config.data?.oauth;
  const error = mutation.error;
  const shownErrors = validate(values, t);
  const errorOf = (field: Field) => (checked[field] ? shownErrors[field] : undefined);
  const pending = mutation.isPending;

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setChecked((c) => ({ ...c, [field]: true }));
    mutation.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked({ userName: true, password: true });
    if (Object.keys(shownErrors).length > 0) return;
    mutation.mutate({ userName: values.userName.trim(), password: values.password });
  };
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    value: values[field],
    disabled: pending,
    status: errorOf(field) ? ('error' as const) : undefined,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-required': true,
    'aria-describedby': errorOf(field) ? `${id}-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  return (
    <Flex align="center" justify="center" className="app-login">
      {/* A card drawn from the theme's tokens: antd's Card and Typography would add their code (tabs, skeleton,
          editable text) to the first download of every visitor (scripts/bundle-budget.mjs). */}
      <div
        className="app-login-card"
        style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: token.paddingLG }}
      >
        <Flex vertical align="center" gap={8} className="app-login-heading">
          <Logo size={LOGO_SIZE} />
          <h1 style={{ margin: 0, color: token.colorTextHeading, fontSize: token.fontSizeHeading3, fontWeight: 600 }}>
            {t('common.appName')}
          </h1>
          <span style={{ color: token.colorTextSecondary }}>{t('auth.login.subtitle')}</span>
        </Flex>
        {/* A plain form: antd's Form (its store, rules engine and styles) would weigh a tenth of the first download. */}
        <form noValidate onSubmit={submit}>
          <LoginField id={`${id}-userName`} label={t('auth.login.userName')} error={errorOf('userName')}>
            <Input
              {...fieldProps('userName')}
              prefix={<UserOutlined />}
              autoComplete="username"
              maxLength={LIMITS.userNameMax}
              autoFocus
            />
          </LoginField>
          <LoginField id={`${id}-password`} label={t('auth.login.password')} error={errorOf('password')}>
            <Password
              {...fieldProps('password')}
              prefix={<LockOutlined />}
              autoComplete="current-password"
              maxLength={LIMITS.loginPasswordMax}
            />
          </LoginField>
          {searchParams.get(LOGIN_REASON_PARAM) === PASSWORD_CHANGED && !error && (
            <Alert type="success" showIcon title={t('auth.password.signInAgain')} style={{ marginBottom: 16 }} />
          )}
          {error && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={isApiError(error) ? error.desc : t('common.messages.loginFailed')}
              style={{ marginBottom: 16 }}
            />
          )}
          <Button type="primary" htmlType="submit" block icon={<LoginOutlined />} loading={pending}>
            {t('auth.login.submit')}
          </Button>
        </form>
        {oauth?.enabled && oauth.authorizeUrl && (
          <>
            <Divider plain>{t('auth.login.or')}</Divider>
            <Button block onClick={() => oauth.authorizeUrl && window.location.assign(oauth.authorizeUrl)}>
              {t('auth.login.external')}
            </Button>
          </>
        )}
      </div>
    </Flex>
  );
}
