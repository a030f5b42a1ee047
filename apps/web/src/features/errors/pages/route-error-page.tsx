import { useEffect, useRef } from 'react';
import { Button, Flex, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { captureError } from '../../../lib/error-log';

/** The router's last line of defence: an error no screen caught is logged and explained. */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const logged = useRef<unknown>(null);
  useEffect(() => {
    if (logged.current === error) return;
    logged.current = error;
    captureError(isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error, 'render');
  }, [error]);
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : String(error);
  return (
    <Flex align="center" justify="center" className="app-error-page">
      <Result
        status="error"
        title={t('common.errorBoundary.title')}
        subTitle={detail}
        extra={
          <Button type="primary" onClick={() => window.location.assign('/')}>
            {t('common.actions.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
