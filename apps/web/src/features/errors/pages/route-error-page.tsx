import { useTranslation } from 'react-i18next';
import { PageResult } from '../../../components/page-result';

/**
 * The router's last line of defence: an error no screen caught is explained (the error boundary that caught
 * it, apps/web/src/app/router/router.tsx, has put it in the error log).
 */
export default function RouteErrorPage({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <PageResult
      status="error"
      title={t('common.errorBoundary.title')}
      subTitle={error.message}
      actions={[{ label: t('common.actions.reload'), onClick: () => window.location.assign('/'), primary: true }]}
    />
  );
}
