import { memo, useMemo, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardStation } from '@envmon/shared';
import { DeviceMap, type DeviceMapDevice } from '../../../components/map';
import { usePagePath } from '../hooks/use-page-path';
import { CARD_SCREENS } from './card-screens';
import { DashboardCard } from './dashboard-card';

/** A station's marker: in alarm while it has an active alarm, else online, else offline (never connected too). */
export function markerOf(station: DashboardStation): DeviceMapDevice {
  return {
    id: station.id,
    deviceName: station.name,
    deviceCode: station.code,
    deviceType: station.deviceType,
    lng: station.lng,
    lat: station.lat,
    state: station.alarms > 0 ? 'alarm' : station.state === 'online' ? 'online' : 'offline',
  };
}

/**
 * The stations on the map, coloured by state. `focusId` (the wall: the station of the newest alarm) is
 * shown and centred until the user picks another marker.
 */
export const MapCard = memo(function MapCard({
  stations,
  focusId,
}: {
  stations: readonly DashboardStation[];
  focusId?: number;
}) {
  const { t } = useTranslation();
  // Markers are rebuilt only when a station changed (the live state keeps unchanged stations as they were).
  const markers = useMemo(() => stations.map(markerOf), [stations]);
  const located = markers.some((marker) => marker.lng !== null && marker.lat !== null);
  const [picked, setPicked] = useState<{ id: number; over: number | undefined } | null>(null);
  // A pick holds until the focus moves on (a newer alarm).
  const selectedId = picked && picked.over === focusId ? picked.id : focusId;
  return (
    <DashboardCard card="map" link={usePagePath(CARD_SCREENS.map)} fill>
      <div className="dashboard-map">
        <DeviceMap
          devices={markers}
          selectedId={selectedId}
          onSelect={(id) => setPicked({ id, over: focusId })}
          fitToDevices
        />
      </div>
      {!located && (
        <Typography.Text type="secondary" className="dashboard-map__empty">
          {t('dashboard.map.noLocated')}
        </Typography.Text>
      )}
    </DashboardCard>
  );
});
