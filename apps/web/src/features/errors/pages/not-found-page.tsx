import { useTranslation } from 'react-i18next';
import { PageResult } from '../../../components/page-result';

/** /404: a path no route (fixed or generated from the user's menu) answers. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageResult
      status="404"
      title="404"
      subTitle={t('common.errors.notFound')}
      actions={[{ label: t('common.actions.backHome'), to: '/', primary: true }]}
    />
  );
}
