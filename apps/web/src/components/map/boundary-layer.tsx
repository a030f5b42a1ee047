import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from 'antd';
import { GeoJSON, Marker, Pane, useMap, useMapEvents } from 'react-leaflet';
import { divIcon, type PathOptions } from 'leaflet';
import type { MapCrs } from '@envmon/shared';
import { usePreferences } from '../../app/providers/preferences';
import type { BoundaryFeature, BoundaryLabel, Boundaries } from './boundaries';

/** The boundaries' own chunk, fetched once per page load. */
const loadBoundaries = (crs: MapCrs): Promise<Boundaries> => import('./boundaries').then((m) => m.boundariesIn(crs));

/** Names are written from this zoom on, where a country spans enough of the map to hold one. */
const LABEL_MIN_ZOOM = 3;
/** A name is written only on a country at least this wide on screen. */
const LABEL_MIN_WIDTH_PX = 56;
const LABEL_PANE = 'envmon-boundary-labels';
const CHINA = 'CN';

const englishNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

function labelText(label: BoundaryLabel, language: string): string | null {
  if (language === 'zh-CN') return label.name;
  // The package names countries in Chinese; English comes from the ISO code (none for '-99').
  try {
    return englishNames.of(label.code) ?? null;
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function BoundaryLabels({ labels }: { labels: BoundaryLabel[] }) {
  const map = useMap();
  const { language } = usePreferences();
  const [view, setView] = useState(() => ({ zoom: map.getZoom(), bounds: map.getBounds() }));
  useMapEvents({ moveend: () => setView({ zoom: map.getZoom(), bounds: map.getBounds() }) });

  const shown = useMemo(() => {
    if (view.zoom < LABEL_MIN_ZOOM) return [];
    const pxPerDegree = (256 * 2 ** view.zoom) / 360;
    return labels.flatMap((label) => {
      const text = labelText(label, language);
      if (text === null || label.spanLng * pxPerDegree < LABEL_MIN_WIDTH_PX) return [];
      if (!view.bounds.contains(label.position)) return [];
      return [{ ...label, text }];
    });
  }, [labels, language, view]);

  return (
    <Pane name={LABEL_PANE} style={{ zIndex: 450, pointerEvents: 'none' }}>
      {shown.map((label) => (
        <Marker
          key={`${label.code}:${label.name}`}
          pane={LABEL_PANE}
          position={label.position}
          interactive={false}
          keyboard={false}
          icon={divIcon({
            className: 'envmon-map__label',
            html: `<span>${escapeHtml(label.text)}</span>`,
            iconSize: [0, 0],
          })}
        />
      ))}
    </Pane>
  );
}

/**
 * The bundled country borders and coastlines (boundaries.ts), in the console's theme: land on a
 * sea tinted with the theme's colours, China's border a little stronger, names where they fit.
 * `onError` is called when the chunk cannot be loaded.
 */
export function BoundaryLayer({ crs, onError }: { crs: MapCrs; onError: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [boundaries, setBoundaries] = useState<{ crs: MapCrs; data: Boundaries } | null>(null);

  useEffect(() => {
    let live = true;
    loadBoundaries(crs).then(
      (data) => live && setBoundaries({ crs, data }),
      () => live && onError(),
    );
    return () => {
      live = false;
    };
  }, [crs, onError]);

  const style = useMemo(
    () =>
      (feature?: BoundaryFeature): PathOptions => {
        const china = feature?.properties.iso_a2 === CHINA;
        return {
          color: china ? token.colorTextTertiary : token.colorTextQuaternary,
          weight: china ? 1.5 : 1,
          fillColor: token.colorBgContainer,
          fillOpacity: 1,
        };
      },
    [token],
  );

  if (boundaries?.crs !== crs) return null;
  return (
    <>
      <GeoJSON
        key={crs}
        data={boundaries.data.collection}
        style={style as (feature?: unknown) => PathOptions}
        interactive={false}
        attribution={t('map.attribution.boundaries')}
      />
      <BoundaryLabels labels={boundaries.data.labels} />
    </>
  );
}
