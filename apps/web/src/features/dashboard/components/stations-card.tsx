import { memo, useContext, useMemo } from 'react';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATION_STATE_COLORS, type DashboardStation } from '@envmon/shared';
import { formatTime } from '../../../lib/format';
import { useFactorLabel } from '../hooks/use-factor-label';
import { usePagePath } from '../hooks/use-page-path';
import { useRotation } from '../hooks/use-rotation';
import { CARD_SCREENS } from './card-screens';
import { DashboardCard, ScreenLink, SurfaceContext } from './dashboard-card';

const HOME_ROWS = 10;
const WALL_ROWS = 8;

/** The stations (the user's bound ones for an operator) with their state, alarms and latest values. */
export const StationsCard = memo(function StationsCard({
  stations,
  rotateSeconds,
}: {
  stations: readonly DashboardStation[];
  rotateSeconds: number;
}) {
  const { t } = useTranslation();
  const surface = useContext(SurfaceContext);
  const factorLabel = useFactorLabel();
  const dataPath = usePagePath(CARD_SCREENS.stations);
  const rows = surface === 'wall' ? WALL_ROWS : HOME_ROWS;
  const pages = Math.max(1, Math.ceil(stations.length / rows));
  const page = useRotation(pages, surface === 'wall' ? rotateSeconds : 0);

  const columns = useMemo<TableColumnsType<DashboardStation>>(
    () => [
      {
        key: 'station',
        title: t('dashboard.stationsCard.station'),
        render: (_, s) => <ScreenLink to={dataPath}>{s.name}</ScreenLink>,
      },
      {
        key: 'state',
        title: t('dashboard.stationsCard.state'),
        render: (_, s) => <Tag color={STATION_STATE_COLORS[s.state]}>{t(`dashboard.states.${s.state}`)}</Tag>,
      },
      {
        key: 'alarms',
        title: t('dashboard.stationsCard.alarms'),
        render: (_, s) => (s.alarms > 0 ? <Tag color="error">{s.alarms}</Tag> : 0),
      },
      {
        key: 'latest',
        title: t('dashboard.stationsCard.latest'),
        render: (_, s) =>
          s.latest.length === 0 ? (
            <Typography.Text type="secondary">{t('dashboard.stationsCard.noValues')}</Typography.Text>
          ) : (
            <Flex wrap gap={12}>
              {s.latest.map((v) => {
                const label = factorLabel(v.factorCode);
                return (
                  <span key={v.factorCode} data-factor={v.factorCode}>
                    <Typography.Text type="secondary">{label.name} </Typography.Text>
                    {v.value ?? '-'}
                    {label.unit ? ` ${label.unit}` : ''}
                  </span>
                );
              })}
            </Flex>
          ),
      },
      {
        key: 'lastPacket',
        title: t('dashboard.stationsCard.lastPacket'),
        render: (_, s) => formatTime(s.lastPacketAt),
      },
    ],
    [t, factorLabel, dataPath],
  );

  return (
    <DashboardCard card="stations" link={dataPath}>
      {stations.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard.noStations')}</Typography.Text>
      ) : (
        <Flex vertical gap={4}>
          <Table<DashboardStation>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={surface === 'wall' ? stations.slice(page * rows, (page + 1) * rows) : stations}
            pagination={surface === 'wall' ? false : { pageSize: rows, hideOnSinglePage: true, size: 'small' }}
            scroll={{ x: 'max-content' }}
            data-testid="dashboard-stations"
          />
          {pages > 1 && surface === 'wall' && (
            <Typography.Text type="secondary">{t('dashboard.wall.page', { page: page + 1, pages })}</Typography.Text>
          )}
        </Flex>
      )}
    </DashboardCard>
  );
});
