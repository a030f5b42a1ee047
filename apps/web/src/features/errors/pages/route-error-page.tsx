import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageResult } from '../../../components/page-result';
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
  const detail =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : String(error);
  return (
    <PageResult
      status="error"
      title={t('common.errorBoundary.title')}
      subTitle={detail}
      actions={[{ label: t('common.actions.reload'), onClick: () => window.location.assign('/'), primary: true }]}
    />
  );
}
