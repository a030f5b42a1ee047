import { memo, useContext, useMemo } from 'react';
import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHART_PALETTE, type DashboardTrend } from '@envmon/shared';
import { baseChartOption, CHART_COLORS, type ChartThemeName } from '../../../components/chart/chart-theme';
import { EChart } from '../../../components/chart/echart';
import { usePreferences } from '../../../app/providers/preferences';
import { useFactorLabel } from '../hooks/use-factor-label';
import { usePagePath } from '../hooks/use-page-path';
import { CARD_SCREENS } from './card-screens';
import { DashboardCard, SurfaceContext } from './dashboard-card';

const CHART_PX = { home: 160, wall: 140 } as const;

/** One factor's hourly means as a line in the console's chart theme. */
export function trendOption(trend: DashboardTrend, name: string, color: string, theme: ChartThemeName) {
  const colors = CHART_COLORS[theme];
  const axis = { axisLine: { lineStyle: { color: colors.axisLine } }, axisLabel: { color: colors.secondaryText } };
  return {
    ...baseChartOption(theme),
    // One line a chart, named in its title above.
    legend: { show: false },
    grid: { left: 8, right: 12, top: 12, bottom: 4, containLabel: true },
    xAxis: { type: 'time' as const, ...axis, splitLine: { show: false } },
    yAxis: { type: 'value' as const, scale: true, ...axis, splitLine: { lineStyle: { color: colors.splitLine } } },
    series: [
      {
        type: 'line' as const,
        name,
        data: trend.points,
        showSymbol: trend.points.length < 2,
        smooth: true,
        color,
        areaStyle: { opacity: 0.12 },
      },
    ],
  };
}

function TrendChart({ trend, color }: { trend: DashboardTrend; color: string }) {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  const surface = useContext(SurfaceContext);
  const label = useFactorLabel()(trend.factorCode);
  const title = label.unit ? `${label.name} (${label.unit})` : label.name;
  const option = useMemo(() => trendOption(trend, label.name, color, theme), [trend, label.name, color, theme]);
  const latest = trend.points.at(-1);
  return (
    <Flex vertical gap={2} data-testid="dashboard-trend" data-factor={trend.factorCode}>
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text strong>{title}</Typography.Text>
        {latest && (
          <Typography.Text type="secondary">{t('dashboard.trends.latest', { value: latest[1] })}</Typography.Text>
        )}
      </Flex>
      <div role="img" aria-label={t('dashboard.trends.chart', { factor: title })}>
        <EChart option={option} theme={theme} style={{ height: CHART_PX[surface] }} />
      </div>
    </Flex>
  );
}

/** The key factors' hourly means over the last day, a small chart each (their units differ). */
export const TrendsCard = memo(function TrendsCard({ trends }: { trends: readonly DashboardTrend[] }) {
  const { t } = useTranslation();
  const surface = useContext(SurfaceContext);
  const withData = trends.filter((trend) => trend.points.length > 0);
  return (
    <DashboardCard card="trends" link={usePagePath(CARD_SCREENS.trends)} fill={surface === 'wall'}>
      {withData.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard.trends.none')}</Typography.Text>
      ) : (
        <Row gutter={[16, 12]}>
          {withData.map((trend, i) => (
            <Col key={trend.factorCode} xs={24} md={12} xl={surface === 'wall' ? 12 : 8}>
              <TrendChart trend={trend} color={CHART_PALETTE[i % CHART_PALETTE.length] ?? ''} />
            </Col>
          ))}
        </Row>
      )}
    </DashboardCard>
  );
});
