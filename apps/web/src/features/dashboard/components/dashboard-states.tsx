import { Alert, Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardCard, DashboardInfo } from '@envmon/shared';

/** The snapshot call failed: say so and offer to ask again. */
export function DashboardError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="dashboard-error">
      <Result
        status="error"
        title={t('dashboard.error.title')}
        subTitle={t('dashboard.error.description')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    </div>
  );
}

/** What is missing, above the cards: no card configured, or no station in the user's scope. */
export function DashboardNotices({ info, cards }: { info: DashboardInfo; cards: readonly DashboardCard[] }) {
  const { t } = useTranslation();
  const notice = cards.length === 0 ? 'noCards' : info.stations.length === 0 ? 'noStations' : null;
  if (!notice) return null;
  return (
    <div data-testid={`dashboard-notice-${notice}`}>
      <Alert type="info" showIcon title={t(`dashboard.${notice}`)} />
    </div>
  );
  return null;
}
