import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/can';
import { QueryErrorAlert, RefreshButton } from '../../../../components/crud/table-parts';
import { getSelectedProjectId } from '../../../../lib/project';
import { useGuardedCommands } from '../../../station-control';
import { stationFactorsQueryOptions } from '../api/get-station-factors';
import { type WaterStation, waterStationsQueryOptions } from '../api/get-water-stations';
import { useFactorName } from '../components/command-state';
import { ControlPanel } from '../components/control-panel';
import { LogsCard } from '../components/logs-card';
import { WATER_CONTROL_WRITE } from '../components/permissions';
import { StationPicker } from '../components/station-picker';
import { useCommandSender } from '../hooks/use-command-sender';

/** The panel and the logs of one station; keyed by it, so a factor or run mode chosen for one is not another's. */
function StationControl({ station, canWrite }: { station: WaterStation; canWrite: boolean }) {
  const { t } = useTranslation();
  const factors = useQuery(stationFactorsQueryOptions(station.code));
  const factorName = useFactorName(factors.data);
  const guarded = useGuardedCommands(canWrite);
  const sender = useCommandSender(station.id, guarded);
  const readOnly = canWrite ? null : t('waterControl.readOnly.tooltip');
  return (
    <>
      <QueryErrorAlert error={factors.error} onRetry={() => void factors.refetch()} />
      <ControlPanel
        station={station}
        factors={factors.data}
        factorName={factorName}
        readOnly={readOnly}
        sender={sender}
      />
      <LogsCard deviceId={station.id} readOnly={readOnly} sender={sender} factorName={factorName} />
      {sender.codeModal}
    </>
  );
}

/**
 * Water station › control (水站控制): a water station of the caller's scope chosen, the actions its type is
 * offered (sampling, retention, cleaning, calibration and the surface-water QC, run mode, standby, emergency
 * stop, reboot), each following its latest command to the station's answer; and the station's instrument log
 * of the last day. Those who may only watch (no water.control:write) see everything and send nothing.
 */
export default function WaterControlPage() {
  const { t } = useTranslation();
  const canWrite = useCan(WATER_CONTROL_WRITE);
  const stations = useQuery(waterStationsQueryOptions(getSelectedProjectId() ?? undefined));
  const [chosenId, setChosenId] = useState<number | null>(null);
  const list = stations.data ?? [];
  // A station no longer listed (another project chosen in the header) is no longer chosen.
  const station = list.find((s) => s.id === chosenId) ?? null;

  const empty = () => {
    if (stations.isPending || stations.isError) return null;
    if (list.length === 0) return t('waterControl.station.none');
    return station ? null : t('waterControl.station.choose');
  };
  const emptyText = empty();

  return (
    <Flex vertical gap="middle" data-testid="water-control-page">
      <Card variant="borderless" title={t('waterControl.title')}>
        <Flex vertical gap="middle">
          <Typography.Text type="secondary">{t('waterControl.description')}</Typography.Text>
          <Flex justify="space-between" align="center" wrap gap="small">
            <StationPicker
              stations={list}
              loading={stations.isPending}
              value={station?.id ?? null}
              onChange={setChosenId}
            />
            <RefreshButton loading={stations.isFetching} onClick={() => void stations.refetch()} />
          </Flex>
          {canWrite ? null : (
            <Alert
              type="info"
              showIcon
              title={t('waterControl.readOnly.notice')}
              data-testid="water-control-read-only"
            />
          )}
          <QueryErrorAlert error={stations.error} onRetry={() => void stations.refetch()} />
          {emptyText ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : null}
        </Flex>
      </Card>
      {station ? <StationControl key={station.id} station={station} canWrite={canWrite} /> : null}
    </Flex>
  );
}
