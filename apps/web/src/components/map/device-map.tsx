import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { LatLngBounds, point, type LatLngTuple, type Map as LeafletMap } from 'leaflet';
import { MAP_DEFAULTS } from '@envmon/shared';
import { BaseMap } from './base-map';
import { toMapLatLng, useMapCrs } from './map-crs';
import { clusterState, countStates, gridCluster } from './cluster';
import { clusterIcon, deviceMarkerIcon } from './marker-icons';
import {
  CLUSTER_CELL_PX,
  CLUSTER_MAX_ZOOM,
  DEFAULT_DEVICE_ICON,
  DEVICE_STATE_TAG_COLORS,
  POINT_ZOOM,
  type DeviceState,
} from './map-vocabulary';

export interface DeviceMapDevice {
  id: number;
  deviceName: string;
  deviceCode: string;
  deviceType: string;
  lng: number | null;
  lat: number | null;
  state: DeviceState;
}

export interface DeviceMapProps {
  devices: DeviceMapDevice[];
  selectedId?: number;
  onSelect?: (id: number) => void;
  /** Open on the devices (all of them in view) instead of the default centre, once they are known. */
  fitToDevices?: boolean;
}

/** Room left around a cluster's members when zooming to them. */
const CLUSTER_PADDING_PX = 48;

type LocatedDevice = DeviceMapDevice & { lng: number; lat: number };

const isLocated = (device: DeviceMapDevice): device is LocatedDevice =>
  device.lng !== null && device.lat !== null && Number.isFinite(device.lng) && Number.isFinite(device.lat);

interface View {
  zoom: number;
  bounds: LatLngBounds;
  /** False while the map has no size yet (hidden tab, tests): then nothing is culled. */
  measured: boolean;
}

function readView(map: LeafletMap): View {
  const size = map.getSize();
  return { zoom: map.getZoom(), bounds: map.getBounds(), measured: size.x > 0 && size.y > 0 };
}

type Group =
  | { kind: 'device'; device: LocatedDevice }
  | { kind: 'cluster'; key: string; devices: LocatedDevice[]; position: LatLngTuple };

/**
 * Devices near the view, grouped on a pixel grid at the current zoom. The selected device is
 * never folded into a cluster, so choosing it in the tree always shows it.
 */
function groupDevices(map: LeafletMap, view: View, devices: LocatedDevice[], selectedId: number | undefined): Group[] {
  const area = view.bounds.pad(0.5);
  const near = view.measured ? devices.filter((d) => area.contains([d.lat, d.lng])) : devices;
  if (view.zoom > CLUSTER_MAX_ZOOM) return near.map((device) => ({ kind: 'device', device }));
  const groups: Group[] = [];
  const points = [];
  for (const device of near) {
    if (device.id === selectedId) {
      groups.push({ kind: 'device', device });
      continue;
    }
    const pixel = map.project([device.lat, device.lng], view.zoom);
    points.push({ device, x: pixel.x, y: pixel.y });
  }
  for (const cluster of gridCluster(points, CLUSTER_CELL_PX)) {
    const [first] = cluster.items;
    if (!first) continue;
    if (cluster.items.length === 1) {
      groups.push({ kind: 'device', device: first.device });
      continue;
    }
    const members = cluster.items.map((item) => item.device);
    const lat = members.reduce((sum, d) => sum + d.lat, 0) / members.length;
    const lng = members.reduce((sum, d) => sum + d.lng, 0) / members.length;
    // Each device is in one cluster, so its first member names it among its siblings.
    groups.push({
      kind: 'cluster',
      key: `${first.device.id}:${members.length}`,
      devices: members,
      position: [lat, lng],
    });
  }
  return groups;
}

function DevicePopup({ device }: { device: LocatedDevice }) {
  const { t } = useTranslation();
  return (
    <div className="device-popup" data-testid="device-popup">
      <p className="device-popup__name">{device.deviceName}</p>
      <dl className="device-popup__rows">
        <div className="device-popup__row">
          <dt>{t('map.popup.deviceCode')}</dt>
          <dd>{device.deviceCode}</dd>
        </div>
        <div className="device-popup__row">
          <dt>{t('map.popup.state')}</dt>
          <dd>
            <Tag color={DEVICE_STATE_TAG_COLORS[device.state]}>{t(`map.state.${device.state}`)}</Tag>
          </dd>
        </div>
      </dl>
    </div>
  );
}

function ClusterMarker({ devices, position }: { devices: LocatedDevice[]; position: LatLngTuple }) {
  const { t } = useTranslation();
  const map = useMap();
  const counts = countStates(devices);
  const zoomIn = () => {
    const bounds = new LatLngBounds(devices.map((d): LatLngTuple => [d.lat, d.lng]));
    const target = Math.min(
      map.getBoundsZoom(bounds, false, point(CLUSTER_PADDING_PX * 2, CLUSTER_PADDING_PX * 2)),
      CLUSTER_MAX_ZOOM + 1,
    );
    // Members at one spot (same coordinates) have no extent to fit: zoom past clustering instead.
    if (target <= map.getZoom()) map.setView(bounds.getCenter(), Math.min(map.getZoom() + 2, CLUSTER_MAX_ZOOM + 1));
    else map.fitBounds(bounds, { padding: [CLUSTER_PADDING_PX, CLUSTER_PADDING_PX], maxZoom: CLUSTER_MAX_ZOOM + 1 });
  };
  return (
    <Marker
      position={position}
      icon={clusterIcon(devices.length, clusterState(counts))}
      title={t('map.cluster.title', { count: devices.length, ...counts })}
      eventHandlers={{ click: zoomIn }}
    />
  );
}

function DeviceMarkers({ devices, selectedId, onSelect, fitToDevices = false }: DeviceMapProps) {
  const map = useMap();
  const [view, setView] = useState(() => readView(map));
  useMapEvents({
    moveend: () => setView(readView(map)),
    resize: () => setView(readView(map)),
  });

  const crs = useMapCrs();
  // Stored WGS-84, drawn in the base map's system: every position below is the map's.
  const located = useMemo(
    () =>
      devices.filter(isLocated).map((device) => {
        const [lat, lng] = toMapLatLng(crs, device.lng, device.lat);
        return { ...device, lat, lng };
      }),
    [devices, crs],
  );
  const groups = useMemo(() => groupDevices(map, view, located, selectedId), [map, view, located, selectedId]);

  // Once, when the map has a size and the devices are known: later changes (live states) keep the user's view.
  const fitted = useRef(false);
  useEffect(() => {
    if (!fitToDevices || fitted.current || !view.measured || located.length === 0) return;
    fitted.current = true;
    const bounds = new LatLngBounds(located.map((device): LatLngTuple => [device.lat, device.lng]));
    map.fitBounds(bounds, { padding: [CLUSTER_PADDING_PX, CLUSTER_PADDING_PX], maxZoom: POINT_ZOOM });
  }, [fitToDevices, map, view.measured, located]);

  const selected = located.find((d) => d.id === selectedId);
  const selectedLat = selected?.lat;
  const selectedLng = selected?.lng;
  useEffect(() => {
    if (selectedLat === undefined || selectedLng === undefined) return;
    const view = readView(map);
    if (view.measured && view.bounds.contains([selectedLat, selectedLng])) return;
    map.setView([selectedLat, selectedLng], Math.max(map.getZoom(), POINT_ZOOM));
  }, [map, selectedLat, selectedLng]);

  // A type icon that fails to load falls back to the default one (error events do not bubble: capture).
  useEffect(() => {
    const container = map.getContainer();
    const onError = (event: Event) => {
      const img = event.target;
      if (
        img instanceof HTMLImageElement &&
        img.classList.contains('device-marker__icon') &&
        !img.src.endsWith(DEFAULT_DEVICE_ICON)
      ) {
        img.src = DEFAULT_DEVICE_ICON;
      }
    };
    container.addEventListener('error', onError, true);
    return () => container.removeEventListener('error', onError, true);
  }, [map]);

  return groups.map((group) =>
    group.kind === 'cluster' ? (
      <ClusterMarker key={`c:${group.key}`} devices={group.devices} position={group.position} />
    ) : (
      <Marker
        key={`d:${group.device.id}`}
        position={[group.device.lat, group.device.lng]}
        icon={deviceMarkerIcon(group.device.deviceType, group.device.state, group.device.id === selectedId)}
        title={group.device.deviceName}
        zIndexOffset={group.device.id === selectedId ? 1000 : group.device.state === 'alarm' ? 500 : 0}
        eventHandlers={{ click: () => onSelect?.(group.device.id) }}
      >
        <Popup>
          <DevicePopup device={group.device} />
        </Popup>
      </Marker>
    ),
  );
}

/**
 * Every device with coordinates as a marker coloured by its state, clustered when dense.
 * Coordinates are stored WGS-84; on a GCJ-02 base map they are drawn converted (map-crs.ts).
 * The map fills its parent (at least 360 px high).
 */
export function DeviceMap({ devices, selectedId, onSelect, fitToDevices }: DeviceMapProps) {
  return (
    <BaseMap
      center={[MAP_DEFAULTS.lat, MAP_DEFAULTS.lng]}
      zoom={MAP_DEFAULTS.zoom}
      className="device-map"
      testId="device-map"
    >
      <DeviceMarkers devices={devices} selectedId={selectedId} onSelect={onSelect} fitToDevices={fitToDevices} />
    </BaseMap>
  );
}
