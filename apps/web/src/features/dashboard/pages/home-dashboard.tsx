import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { useSession } from '../../../app/session-context';
import { dayjs } from '../../../lib/dayjs';
import { DashboardError, DashboardNotices } from '../components/dashboard-states';
import { HomeCards } from '../components/dashboard-cards';
import { SurfaceContext } from '../components/dashboard-card';
import { useDashboard } from '../hooks/use-dashboard';
import '../dashboard.css';

const FULL_DATE_FORMAT = 'LL dddd';

/**
 * /index (SPEC section 2 'dashboard'): the admin variant (the network at a glance) or the editor variant
 * (the user's stations, work orders and alarms). The server picks the variant and the cards by role and
 * the user's dashboard setting; this page shows the cards it lists, in order.
 */
export function HomeDashboard() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { query, info } = useDashboard('dashboard-home');
  const displayName = user.nackName || user.name || user.userName;

  return (
    <SurfaceContext value="home">
      <Flex vertical gap={16} data-testid="dashboard-home" data-variant={info?.variant}>
        <Flex wrap align="baseline" justify="space-between" gap={8}>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('layout.home.welcome', { name: displayName })}
            </Typography.Title>
            <Typography.Text type="secondary">{dayjs().format(FULL_DATE_FORMAT)}</Typography.Text>
          </div>
          {info && (
            <Tag color="blue" data-testid="dashboard-variant">
              {t(`dashboard.variants.${info.variant}`)}
            </Tag>
          )}
        </Flex>
        {info ? (
          <>
            <DashboardNotices info={info} cards={info.config.homeCards} />
            <HomeCards cards={info.config.homeCards} info={info} />
          </>
        ) : query.isError ? (
          <DashboardError onRetry={() => void query.refetch()} />
        ) : (
          <PageLoading />
        )}
      </Flex>
    </SurfaceContext>
  );
}
