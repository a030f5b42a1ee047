import { useEffect } from 'react';
import { Alert, Button, Divider, Flex, Form, Input, theme } from 'antd';
import { LockOutlined, LoginOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS, loginSchema, type LoginInput } from '@envmon/shared';
import { Logo } from '../../../components/logo';
import { isApiError } from '../../../lib/api';
import { safeRedirect } from '../../../lib/safe-redirect';
import { consoleConfigQueryOptions } from '../../../lib/console-config';
import { login } from '../api/login';
import { useStartSession } from '../hooks/use-start-session';
import { LOGIN_REASON_PARAM, PASSWORD_CHANGED } from '../login-reasons';

const LOGO_SIZE = 48;

/** /login: user name (trimmed) and password; the server's reason is shown as it gives it. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<LoginInput>();
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
        <Form<LoginInput>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={mutation.isPending}
          onFinish={(values) => mutation.mutate(loginSchema.parse(values))}
          onValuesChange={() => mutation.reset()}
        >
          <Form.Item
            name="userName"
            label={t('auth.login.userName')}
            rules={[{ required: true, whitespace: true, message: t('auth.login.userNameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={LIMITS.userNameMax} autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.login.password')}
            rules={[{ required: true, message: t('auth.login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
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
          <Button type="primary" htmlType="submit" block icon={<LoginOutlined />} loading={mutation.isPending}>
            {t('auth.login.submit')}
          </Button>
        </Form>
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
