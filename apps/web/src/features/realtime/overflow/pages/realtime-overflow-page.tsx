import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { liveClient } from '../../../../lib/live';
import { getSelectedProjectId } from '../../../../lib/project';
import { LiveState } from '../../data/components/live-state';
import { useLiveStations } from '../../water/hooks/use-live-stations';
import { StationGrid } from '../../water/components/station-grid';
import { realtimeOverflowQueryOptions } from '../api/get-overflow';
import { OverflowStationCard } from '../components/overflow-station-card';
import { applyOverflowAlarms, OVERFLOW_RULES } from '../utils/overflow';

const EMPTY_HINT_WIDTH = 560;

/**
 * Overflow (SPEC section 2 'real-time: overflow'): per overflow station of the project its liquid
 * level, the state of each overflow type (overflow, full pipe, waterlogging) against its standard,
 * its current overflow alarms and the level's trend; values and alarms follow the live push.
 */
export default function RealtimeOverflowPage() {
  const { t } = useTranslation();
  const overflow = useQuery(realtimeOverflowQueryOptions(getSelectedProjectId()));
  const refetch = () => void overflow.refetch();
  const { stations, connection, patch } = useLiveStations(
    'realtime-overflow',
    overflow.data?.stations,
    OVERFLOW_RULES,
    refetch,
  );
  // Alarm frames reach users who may read alarms; the others see the alarms of the last load.
  useEffect(() => liveClient.onAlarms((pushed) => patch((list) => applyOverflowAlarms(list, pushed))), [patch]);
  const factors = useMemo(() => new Map(overflow.data?.factors.map((f) => [f.factorCode, f])), [overflow.data]);

  return (
    <Card data-testid="realtime-overflow-page">
      <Flex vertical gap="middle">
        <Flex justify="flex-end" align="center" gap="middle">
          <Typography.Text type="secondary" data-testid="overflow-count">
            {t('realtime.overflow.count', { count: stations.length })}
          </Typography.Text>
          <LiveState connection={connection} />
          <RefreshButton loading={overflow.isFetching} onClick={refetch} />
        </Flex>
        <QueryErrorAlert error={overflow.error} onRetry={refetch} />
        <StationGrid
          stations={stations}
          pending={overflow.isPending}
          failed={overflow.isError}
          empty={
            <Flex vertical gap={4} align="center">
              <span>{t('realtime.overflow.empty')}</span>
              <Typography.Text type="secondary" style={{ maxWidth: EMPTY_HINT_WIDTH }}>
                {t('realtime.overflow.emptyHint')}
              </Typography.Text>
            </Flex>
          }
          render={(station) => <OverflowStationCard station={station} factors={factors} />}
        />
      </Flex>
    </Card>
  );
}
