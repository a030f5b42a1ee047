import { Button, Flex, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** /404: a path no route (fixed or generated from the user's menu) answers. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="center" className="app-error-page">
      <Result
        status="404"
        title="404"
        subTitle={t('common.errors.notFound')}
        extra={
          <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
            {t('common.actions.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
