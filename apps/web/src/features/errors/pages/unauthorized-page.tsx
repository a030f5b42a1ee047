import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageResult } from '../../../components/page-result';

/**
 * /401: the user's roles do not include the route's. Reached with ?noGoBack=true from the guard,
 * the back button goes home: going back would only land on the refused page again.
 */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const noGoBack = searchParams.get('noGoBack') === 'true';
  return (
    <PageResult
      status="403"
      title="401"
      subTitle={t('common.errors.unauthorized')}
      actions={[
        { label: t('common.actions.back'), to: noGoBack ? '/' : -1 },
        { label: t('common.actions.backHome'), to: '/', primary: true },
      ]}
    />
  );
}
