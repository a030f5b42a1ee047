import { memo, useContext, useMemo } from 'react';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardAlarm } from '@envmon/shared';
import { VocabularyTag } from '../../../components/vocabulary/vocabulary-tag';
import { EMPTY_CELL } from '../../../components/crud/constants';
import { formatTime } from '../../../lib/format';
import { useFactorLabel } from '../hooks/use-factor-label';
import { usePagePath } from '../hooks/use-page-path';
import { useRotation } from '../hooks/use-rotation';
import { alarmPath, CARD_SCREENS } from './card-screens';
import { DashboardCard, ScreenLink, SurfaceContext } from './dashboard-card';

/** Rows a page: the home's cards show the ten the snapshot brings; the wall rolls through pages this long. */
const HOME_ROWS = 10;
const WALL_ROWS = 8;

function useAlarmColumns(withState: boolean): TableColumnsType<DashboardAlarm> {
  const { t } = useTranslation();
  const factorLabel = useFactorLabel();
  const alarmList = usePagePath(CARD_SCREENS.latestAlarms);
  return useMemo(() => {
    const columns: TableColumnsType<DashboardAlarm> = [
      { key: 'station', title: t('dashboard.alarmList.station'), dataIndex: 'deviceName', ellipsis: true },
      {
        key: 'factor',
        title: t('dashboard.alarmList.factor'),
        render: (_, a) => (a.factorCode ? factorLabel(a.factorCode).name : EMPTY_CELL),
      },
      {
        key: 'type',
        title: t('dashboard.alarmList.type'),
        render: (_, a) => <VocabularyTag name="alarmType" value={a.alarmType} />,
      },
      {
        key: 'level',
        title: t('dashboard.alarmList.level'),
        render: (_, a) => <VocabularyTag name="alarmLevel" value={a.alarmLevel} />,
      },
      {
        key: 'value',
        title: t('dashboard.alarmList.value'),
        render: (_, a) => {
          if (a.alarmValue === null) return EMPTY_CELL;
          const unit = a.factorCode ? factorLabel(a.factorCode).unit : null;
          return unit ? `${a.alarmValue} ${unit}` : String(a.alarmValue);
        },
      },
      { key: 'standard', title: t('dashboard.alarmList.standard'), render: (_, a) => a.standardValue ?? EMPTY_CELL },
      { key: 'begin', title: t('dashboard.alarmList.begin'), render: (_, a) => formatTime(a.beginDate) },
    ];
    if (withState)
      columns.push({
        key: 'state',
        title: t('dashboard.alarmList.state'),
        render: (_, a) =>
          a.active ? (
            <Tag color="error">{t('dashboard.alarmList.active')}</Tag>
          ) : (
            <Tag>{t('dashboard.alarmList.ended')}</Tag>
          ),
      });
    columns.push({
      key: 'order',
      title: t('dashboard.alarmList.order'),
      render: (_, a) => (
        <ScreenLink to={alarmList && alarmPath(alarmList, a.id)}>
          <VocabularyTag name="alarmStatus" value={a.orderStatus} />
        </ScreenLink>
      ),
    });
    return columns;
  }, [t, factorLabel, alarmList, withState]);
}

/** A page of alarms; on the wall the page turns every rotateSeconds (when set), with its number shown. */
function AlarmTable({
  alarms,
  withState,
  empty,
  rotateSeconds,
  testId,
}: {
  alarms: readonly DashboardAlarm[];
  withState: boolean;
  empty: string;
  rotateSeconds: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const surface = useContext(SurfaceContext);
  const columns = useAlarmColumns(withState);
  const rows = surface === 'wall' ? WALL_ROWS : HOME_ROWS;
  const pages = Math.max(1, Math.ceil(alarms.length / rows));
  const page = useRotation(pages, surface === 'wall' ? rotateSeconds : 0);
  const shown = surface === 'wall' ? alarms.slice(page * rows, (page + 1) * rows) : alarms;
  if (alarms.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <Flex vertical gap={4}>
      <Table<DashboardAlarm>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={shown}
        pagination={surface === 'wall' ? false : { pageSize: rows, hideOnSinglePage: true, size: 'small' }}
        scroll={{ x: 'max-content' }}
        onRow={(a) => ({ 'data-alarm-id': a.id, 'data-device-id': a.deviceId }) as React.HTMLAttributes<HTMLElement>}
        data-testid={testId}
      />
      {pages > 1 && surface === 'wall' && (
        <Typography.Text type="secondary">{t('dashboard.wall.page', { page: page + 1, pages })}</Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The latest alarms, newest first. The home lists the latest, active or ended; the wall rolls through
 * the current (active) ones.
 */
export const LatestAlarmsCard = memo(function LatestAlarmsCard({
  alarms,
  rotateSeconds,
}: {
  alarms: readonly DashboardAlarm[];
  rotateSeconds: number;
}) {
  const { t } = useTranslation();
  const surface = useContext(SurfaceContext);
  const shown = useMemo(() => (surface === 'wall' ? alarms.filter((a) => a.active) : alarms), [alarms, surface]);
  return (
    <DashboardCard card="latestAlarms" link={usePagePath(CARD_SCREENS.latestAlarms)} fill={surface === 'wall'}>
      <AlarmTable
        alarms={shown}
        withState={surface === 'home'}
        empty={t('dashboard.alarmList.none')}
        rotateSeconds={rotateSeconds}
        testId="dashboard-alarm-list"
      />
    </DashboardCard>
  );
});

/** The alarms whose work order is still open, oldest first: the operator's to-do list. */
export const WorkOrdersCard = memo(function WorkOrdersCard({
  orders,
  rotateSeconds,
}: {
  orders: readonly DashboardAlarm[];
  rotateSeconds: number;
}) {
  const { t } = useTranslation();
  return (
    <DashboardCard card="workOrders" link={usePagePath(CARD_SCREENS.workOrders)}>
      <AlarmTable
        alarms={orders}
        withState
        empty={t('dashboard.alarmList.noOrders')}
        rotateSeconds={rotateSeconds}
        testId="dashboard-work-orders"
      />
    </DashboardCard>
  );
});
