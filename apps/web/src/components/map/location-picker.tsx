import './geoman';
import { useEffect, useEffectEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { InputNumber, Space, Switch } from 'antd';
import { Marker, useMap } from 'react-leaflet';
import type { LatLng, LatLngTuple, LeafletEvent, Marker as LeafletMarker } from 'leaflet';
import { MAP_DEFAULTS } from '@envmon/shared';
import { COORDINATE_DECIMALS } from '../../lib/coordinates';
import { usePreferences } from '../../app/providers/preferences';
import { BaseMap } from './base-map';
import { useCoordinateSwitch, type LngLat } from './coordinate-switch';
import { fromMapLatLng, toMapLatLng, useMapCrs } from './map-crs';
import { pickerPinIcon } from './marker-icons';
import { POINT_ZOOM } from './map-vocabulary';

export interface LocationPickerProps {
  value?: LngLat;
  onChange?: (value: LngLat) => void;
}

/** One unit of the sixth decimal: the inputs show and step coordinates at the precision kept. */
const COORDINATE_STEP = 10 ** -COORDINATE_DECIMALS;

const EMPTY: LngLat = { lng: null, lat: null };

const GEOMAN_LANGUAGES = { 'zh-CN': 'zh', 'en-US': 'en' } as const;

/** geoman's marker tool, alone in its toolbar: a click on the map picks the point (in the map's system). */
function MarkerDrawTool({ onPick }: { onPick: (latlng: LatLng) => void }) {
  const map = useMap();
  const { t } = useTranslation();
  const { language } = usePreferences();
  const label = t('map.picker.drawMarker');
  const pick = useEffectEvent(onPick);

  useEffect(() => {
    map.pm.setLang(GEOMAN_LANGUAGES[language]);
    map.pm.setGlobalOptions({ markerStyle: { icon: pickerPinIcon }, continueDrawing: false });
    map.pm.addControls({
      position: 'topleft',
      drawMarker: true,
      drawCircleMarker: false,
      drawPolyline: false,
      drawRectangle: false,
      drawPolygon: false,
      drawCircle: false,
      drawText: false,
      editMode: false,
      dragMode: false,
      cutPolygon: false,
      removalMode: false,
      rotateMode: false,
    });
    // Stable handles for browser tests and screen readers on geoman's own button.
    const button = map.getContainer().querySelector('.leaflet-pm-icon-marker')?.closest('a');
    button?.setAttribute('data-testid', 'map-draw-marker');
    button?.setAttribute('aria-label', label);

    const onCreate = (event: { layer: unknown }) => {
      const layer = event.layer as LeafletMarker;
      // The picker draws the chosen point itself; geoman's copy is only the gesture.
      layer.remove();
      map.pm.disableDraw();
      pick(layer.getLatLng());
    };
    map.on('pm:create', onCreate);
    return () => {
      map.off('pm:create', onCreate);
      map.pm.disableDraw();
      map.pm.removeControls();
    };
  }, [map, language, label]);
  return null;
}

/** Keeps the chosen point in view when it is typed or set from outside. */
function FollowPoint({ position }: { position: LatLngTuple | null }) {
  const map = useMap();
  const lat = position?.[0];
  const lng = position?.[1];
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    const size = map.getSize();
    if (size.x > 0 && size.y > 0 && map.getBounds().contains([lat, lng])) return;
    map.setView([lat, lng], Math.max(map.getZoom(), POINT_ZOOM));
  }, [map, lat, lng]);
  return null;
}

/**
 * What the picker draws on the map: the stored WGS-84 point in the map's own system (a GCJ-02
 * base map shows it converted, whatever the switch), and points picked or dragged there handed
 * back as WGS-84.
 */
function PickerLayers({ value, onPick }: { value: LngLat; onPick: (value: LngLat) => void }) {
  const crs = useMapCrs();
  const position = useMemo<LatLngTuple | null>(
    () => (value.lng !== null && value.lat !== null ? toMapLatLng(crs, value.lng, value.lat) : null),
    [crs, value.lng, value.lat],
  );
  const pick = (latlng: LatLng) => onPick(fromMapLatLng(crs, latlng));
  return (
    <>
      <MarkerDrawTool onPick={pick} />
      <FollowPoint position={position} />
      {position && (
        <Marker
          position={position}
          icon={pickerPinIcon}
          draggable
          eventHandlers={{
            dragend: (event: LeafletEvent) => pick((event.target as LeafletMarker).getLatLng()),
          }}
        />
      )}
    </>
  );
}

/**
 * Step 1 of the device dialog: the point on a map (geoman's marker tool, or drag the pin) and
 * as two numbers. The switch shows the numbers in GCJ-02; switching it off brings back the
 * backed-up WGS-84 numbers exactly. The map draws the point in its own system either way.
 * `onChange` always receives WGS-84.
 */
export function LocationPicker({ value = EMPTY, onChange }: LocationPickerProps) {
  const { t } = useTranslation();
  const coordinates = useCoordinateSwitch(value, (next) => onChange?.(next));
  const { shown, converted, setConverted, setShown, setValue } = coordinates;
  const stored = coordinates.value;
  const located = stored.lng !== null && stored.lat !== null;
  // The first view only: a GCJ-02 map's few hundred metres do not matter here, FollowPoint corrects them.
  const center: LatLngTuple =
    stored.lng !== null && stored.lat !== null ? [stored.lat, stored.lng] : [MAP_DEFAULTS.lat, MAP_DEFAULTS.lng];

  return (
    <div className="location-picker" data-testid="location-picker">
      <BaseMap
        center={center}
        zoom={located ? POINT_ZOOM : MAP_DEFAULTS.zoom}
        className="location-picker__map"
        testId="location-picker-map"
      >
        <PickerLayers value={stored} onPick={setValue} />
      </BaseMap>
      <Space wrap size="middle" align="center">
        <Space.Compact>
          <Space.Addon>{t('map.picker.lng')}</Space.Addon>
          <InputNumber<number>
            data-testid="device-lng"
            aria-label={t('map.picker.lng')}
            min={-180}
            max={180}
            step={COORDINATE_STEP}
            value={shown.lng}
            onChange={(lng) => setShown({ lng: lng ?? null, lat: shown.lat })}
            style={{ width: 160 }}
          />
        </Space.Compact>
        <Space.Compact>
          <Space.Addon>{t('map.picker.lat')}</Space.Addon>
          <InputNumber<number>
            data-testid="device-lat"
            aria-label={t('map.picker.lat')}
            min={-90}
            max={90}
            step={COORDINATE_STEP}
            value={shown.lat}
            onChange={(lat) => setShown({ lng: shown.lng, lat: lat ?? null })}
            style={{ width: 160 }}
          />
        </Space.Compact>
        <Space size="small" align="center">
          <Switch
            data-testid="coordinate-switch"
            aria-label={t('map.picker.coordinateSwitch')}
            checked={converted}
            onChange={setConverted}
          />
          <span>{t('map.picker.coordinateSwitch')}</span>
        </Space>
      </Space>
      <span className="location-picker__hint">{t('map.picker.hint')}</span>
    </div>
  );
}
