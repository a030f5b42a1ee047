import { useEffect, useRef, useState } from 'react';
import { Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { PageResult } from '../../../components/page-result';
import { isApiError } from '../../../lib/api';
import { safeRedirect } from '../../../lib/safe-redirect';
import { oauthLogin } from '../api/oauth-login';
import { useStartSession } from '../hooks/use-start-session';

/**
 * /oauth: the external provider sends the browser back here with ?code=…; the code is exchanged
 * once (codes are single use) for a console token. ?state may carry the page to return to.
 */
export default function OAuthPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();
  const code = searchParams.get('code');
  const [error, setError] = useState<string | null>(code ? null : t('auth.oauth.missingCode'));
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    if (!code || exchanged.current === code) return;
    exchanged.current = code;
    oauthLogin(code)
      .then((result) => startSession(result.token, safeRedirect(searchParams.get('state'))))
      .catch((reason: unknown) => setError(isApiError(reason) ? reason.desc : t('common.messages.loginFailed')));
  }, [code, searchParams, startSession, t]);

  if (!error) {
    return (
      <Flex vertical align="center" justify="center" className="app-login">
        <PageLoading />
        <span className="app-login-note">{t('auth.oauth.signingIn')}</span>
      </Flex>
    );
  }
  return (
    <PageResult
      pageClassName="app-login"
      className="app-login-card"
      status="error"
      title={t('auth.oauth.failed')}
      subTitle={error}
      actions={[{ label: t('auth.oauth.backToLogin'), to: '/login', primary: true }]}
    />
  );
}
