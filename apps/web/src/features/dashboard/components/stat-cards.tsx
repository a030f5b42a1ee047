import { memo, useContext } from 'react';
import { Flex, Progress, Space, Statistic, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATION_STATES, type DashboardInfo, type StationState } from '@envmon/shared';
import { VocabularyTag } from '../../../components/vocabulary/vocabulary-tag';
import { usePagePath } from '../hooks/use-page-path';
import { CARD_SCREENS } from './card-screens';
import { DashboardCard, ScreenLink, SurfaceContext } from './dashboard-card';

const GAUGE_PX = { home: 110, wall: 130 } as const;
const PERCENT = 100;

const percentOf = (rate: number | null) => (rate === null ? 0 : Math.round(rate * PERCENT * 10) / 10);

/** A rate as a gauge (antd's dashboard progress), named for screen readers; no rate shows a dash. */
export function Gauge({ rate, label }: { rate: number | null; label: string }) {
  const surface = useContext(SurfaceContext);
  return (
    <Flex vertical align="center" gap={4}>
      <Progress
        type="dashboard"
        percent={percentOf(rate)}
        size={GAUGE_PX[surface]}
        format={(percent) => (rate === null ? '–' : `${percent}%`)}
        aria-label={label}
        status="normal"
      />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Flex>
  );
}

function useStateColors(): Record<StationState, string> {
  const { token } = theme.useToken();
  return { online: token.colorSuccessText, offline: token.colorErrorText, never: token.colorTextTertiary };
}

/** Online, offline and never connected, each a link to the real-time data screen; the online rate as a gauge. */
export const StatesCard = memo(function StatesCard({ states }: { states: DashboardInfo['states'] }) {
  const { t } = useTranslation();
  const path = usePagePath(CARD_SCREENS.states);
  const colors = useStateColors();
  const total = states.online + states.offline + states.never;
  return (
    <DashboardCard card="states" link={path}>
      <Flex wrap align="center" justify="space-around" gap={16}>
        <Gauge rate={total === 0 ? null : states.online / total} label={t('dashboard.gauges.online')} />
        <Flex wrap gap={24}>
          <Statistic title={t('dashboard.statesCard.total')} value={total} />
          {STATION_STATES.map((state) => (
            <ScreenLink
              key={state}
              to={path}
              label={t('dashboard.statesCard.showStations', { state: t(`dashboard.states.${state}`) })}
            >
              <Statistic
                title={t(`dashboard.states.${state}`)}
                value={states[state]}
                styles={{ content: { color: colors[state] } }}
                data-testid={`dashboard-state-${state}`}
              />
            </ScreenLink>
          ))}
        </Flex>
      </Flex>
    </DashboardCard>
  );
});

/** Today's hourly uploads received against those expected, as a gauge. */
export const TransmissionCard = memo(function TransmissionCard({
  transmission,
}: {
  transmission: DashboardInfo['transmission'];
}) {
  const { t } = useTranslation();
  return (
    <DashboardCard card="transmission" link={usePagePath(CARD_SCREENS.transmission)}>
      <Flex vertical align="center" gap={8}>
        <Gauge rate={transmission.rate} label={t('dashboard.gauges.transmission')} />
        <Typography.Text data-testid="dashboard-transmission">
          {transmission.expected === 0
            ? t('dashboard.transmission.noneExpected')
            : t('dashboard.transmission.received', transmission)}
        </Typography.Text>
      </Flex>
    </DashboardCard>
  );
});

/** This month's daily averages that met their standard, as a gauge. */
export const ComplianceCard = memo(function ComplianceCard({
  compliance,
}: {
  compliance: DashboardInfo['compliance'];
}) {
  const { t } = useTranslation();
  return (
    <DashboardCard card="compliance" link={usePagePath(CARD_SCREENS.compliance)}>
      <Flex vertical align="center" gap={8}>
        <Gauge rate={compliance.rate} label={t('dashboard.gauges.compliance')} />
        <Typography.Text>
          {compliance.checked === 0 ? t('dashboard.compliance.none') : t('dashboard.compliance.met', compliance)}
        </Typography.Text>
      </Flex>
    </DashboardCard>
  );
});

/** Active alarms by type and level (labels, not codes) and the pending work orders. */
export const AlarmsCard = memo(function AlarmsCard({ alarms }: { alarms: DashboardInfo['alarms'] }) {
  const { t } = useTranslation();
  const path = usePagePath(CARD_SCREENS.alarms);
  const { token } = theme.useToken();
  return (
    <DashboardCard card="alarms" link={path}>
      <Flex vertical gap={12}>
        <Flex wrap gap={24}>
          <ScreenLink to={path}>
            <Statistic
              title={t('dashboard.alarmsCard.active')}
              value={alarms.active}
              styles={{ content: { color: alarms.active > 0 ? token.colorErrorText : undefined } }}
              data-testid="dashboard-alarms-active"
            />
          </ScreenLink>
          <ScreenLink to={path}>
            <Statistic
              title={t('dashboard.alarmsCard.pendingOrders')}
              value={alarms.pendingOrders}
              styles={{ content: { color: alarms.pendingOrders > 0 ? token.colorWarningText : undefined } }}
              data-testid="dashboard-alarms-pending"
            />
          </ScreenLink>
        </Flex>
        {alarms.active === 0 ? (
          <Typography.Text type="secondary">{t('dashboard.alarmsCard.none')}</Typography.Text>
        ) : (
          <>
            <CountTags title={t('dashboard.alarmsCard.byType')} name="alarmType" counts={alarms.byType} />
            <CountTags title={t('dashboard.alarmsCard.byLevel')} name="alarmLevel" counts={alarms.byLevel} />
          </>
        )}
      </Flex>
    </DashboardCard>
  );
});

function CountTags({
  title,
  name,
  counts,
}: {
  title: string;
  name: 'alarmType' | 'alarmLevel';
  counts: DashboardInfo['alarms']['byType'];
}) {
  return (
    <Flex wrap align="center" gap={4}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <Space wrap size={4}>
        {counts.map(({ key, count }) => (
          <Space key={key} size={2}>
            <VocabularyTag name={name} value={key} />
            <Tag bordered={false}>{count}</Tag>
          </Space>
        ))}
      </Space>
    </Flex>
  );
}
