import { useMemo } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { useLiveConnection } from '../../../lib/live';
import { formatTime } from '../../../lib/format';
import { DashboardError, DashboardNotices } from '../components/dashboard-states';
import { WallCards } from '../components/dashboard-cards';
import { SurfaceContext } from '../components/dashboard-card';
import { useDashboard } from '../hooks/use-dashboard';
import '../dashboard.css';

const LIVE_COLORS = { open: 'success', connecting: 'processing', closed: 'default' } as const;

/**
 * /dashboard/index's content (SPEC section 2): the monitoring wall for a control room — the cards of the
 * user's wall setting on a grid filling the screen, one snapshot and then the push. The map centres the
 * station of the newest current alarm.
 */
export function WallDashboard() {
  const { t } = useTranslation();
  const { query, info } = useDashboard('dashboard-wall');
  const connection = useLiveConnection();
  const latest = info?.latestAlarms;
  const focusId = useMemo(() => latest?.find((alarm) => alarm.active)?.deviceId, [latest]);

  return (
    <SurfaceContext value="wall">
      <Flex vertical gap={12} data-testid="dashboard-wall" data-variant={info?.variant}>
        <Flex wrap align="center" justify="flex-end" gap={8}>
          <Tag color={LIVE_COLORS[connection]} data-testid="dashboard-live">
            {t(`dashboard.wall.live.${connection}`)}
          </Tag>
          {query.data && (
            <Typography.Text type="secondary">
              {t('dashboard.wall.updated', { time: formatTime(query.data.generatedAt) })}
            </Typography.Text>
          )}
        </Flex>
        {info ? (
          <>
            <DashboardNotices info={info} cards={info.config.wallCards} />
            <WallCards cards={info.config.wallCards} info={info} focusId={focusId} />
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
