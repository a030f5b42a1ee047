import { Button, Flex, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * /401: the user's roles do not include the route's. Reached with ?noGoBack=true from the guard,
 * the back button goes home: going back would only land on the refused page again.
 */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const noGoBack = searchParams.get('noGoBack') === 'true';
  return (
    <Flex align="center" justify="center" className="app-error-page">
      <Result
        status="403"
        title="401"
        subTitle={t('common.errors.unauthorized')}
        extra={[
          <Button key="back" onClick={() => void (noGoBack ? navigate('/', { replace: true }) : navigate(-1))}>
            {t('common.actions.back')}
          </Button>,
          <Button key="home" type="primary" onClick={() => void navigate('/', { replace: true })}>
            {t('common.actions.backHome')}
          </Button>,
        ]}
      />
    </Flex>
  );
}
