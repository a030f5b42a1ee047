import { useEffect } from 'react';
import { Flex } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';

/**
 * /auth-redirect: where an external sign-in opened in a pop-up comes back. The pop-up hands the
 * provider's answer to the console window that opened it and closes; opened directly, it goes
 * on to /oauth itself.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const target = `/oauth${location.search}`;
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      try {
        if (opener.location.origin === window.location.origin) {
          opener.location.assign(target);
          window.close();
          return;
        }
      } catch {
        // A cross-origin opener cannot be reached: finish the sign-in here instead.
      }
    }
    void navigate(target, { replace: true });
  }, [location.search, navigate]);

  return (
    <Flex vertical align="center" justify="center" className="app-login">
      <PageLoading />
      <span className="app-login-note">{t('auth.oauth.signingIn')}</span>
    </Flex>
  );
}
