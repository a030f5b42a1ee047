import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { getSelectedProjectId } from '../../../../lib/project';
import { LiveState } from '../../data/components/live-state';
import { realtimeWaterQueryOptions } from '../api/get-water';
import { StationGrid } from '../components/station-grid';
import { WaterClassLegend } from '../components/water-class-tag';
import { WaterStationCard } from '../components/water-station-card';
import { useLiveStations } from '../hooks/use-live-stations';
import { waterRules } from '../utils/water-rules';

/**
 * Water (SPEC section 2 'real-time: water'): a panel per water station of the project with each
 * factor's latest value against its surface-water class (GB 3838-2002) and the day's trend,
 * kept current by the live push.
 */
export default function RealtimeWaterPage() {
  const { t } = useTranslation();
  const water = useQuery(realtimeWaterQueryOptions(getSelectedProjectId()));
  const refetch = () => void water.refetch();
  const rules = useMemo(() => waterRules(water.data?.limits ?? []), [water.data]);
  const { stations, connection } = useLiveStations('realtime-water', water.data?.stations, rules, refetch);
  const factors = useMemo(() => new Map(water.data?.factors.map((f) => [f.factorCode, f])), [water.data]);

  return (
    <Card data-testid="realtime-water-page">
      <Flex vertical gap="middle">
        <Flex justify="space-between" align="center" wrap gap="small">
          <WaterClassLegend />
          <Flex gap="middle" align="center">
            <Typography.Text type="secondary" data-testid="water-count">
              {t('realtime.water.count', { count: stations.length })}
            </Typography.Text>
            <LiveState connection={connection} />
            <RefreshButton loading={water.isFetching} onClick={refetch} />
          </Flex>
        </Flex>
        <QueryErrorAlert error={water.error} onRetry={refetch} />
        <StationGrid
          stations={stations}
          pending={water.isPending}
          failed={water.isError}
          empty={t('realtime.water.empty')}
          render={(station) => <WaterStationCard station={station} factors={factors} />}
        />
      </Flex>
    </Card>
  );
}
