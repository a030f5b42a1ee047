import 'leaflet/dist/leaflet.css';
import './map.css';
import { useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { theme } from 'antd';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import type { LatLngTuple } from 'leaflet';
import type { MapTiles } from '@envmon/shared';
import { usePreferences } from '../../app/providers/preferences';
import { consoleConfigQueryOptions } from '../../lib/console-config';
import { BoundaryLayer } from './boundary-layer';
import { MapCrsContext } from './map-crs';

/** Street level: deeper than the bundled 1:50m boundaries are drawn for, enough to place a point. */
const OUTLINE_MAX_ZOOM = 18;

interface BaseMapProps {
  center: LatLngTuple;
  zoom: number;
  className?: string;
  testId?: string;
  children?: ReactNode;
}

/** Leaflet measures its box when created; a map opened in a dialog or a resized pane must measure again. */
function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** MapContainer reads its options once; the tiles' deepest zoom arrives with the configuration. */
function MaxZoom({ zoom }: { zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setMaxZoom(zoom);
  }, [map, zoom]);
  return null;
}

/** Whether any tile of the current tiles has loaded, and whether any has failed. */
interface TileStats {
  loaded: boolean;
  failed: boolean;
}

const NO_TILES: TileStats = { loaded: false, failed: false };

function BaseTiles({ tiles, onStats }: { tiles: MapTiles; onStats: (key: keyof TileStats) => void }) {
  const options = {
    maxZoom: tiles.maxZoom,
    ...(tiles.subdomains ? { subdomains: tiles.subdomains } : {}),
  };
  return (
    <>
      <TileLayer
        url={tiles.url}
        {...options}
        {...(tiles.attribution ? { attribution: tiles.attribution } : {})}
        eventHandlers={{ tileload: () => onStats('loaded'), tileerror: () => onStats('failed') }}
      />
      {tiles.labelUrl !== null && <TileLayer url={tiles.labelUrl} {...options} />}
    </>
  );
}

/**
 * The map every screen shares: the given centre and zoom, the base map of the client
 * configuration (`MAP_TILE_URL`, resolved by the server to tiles with their coordinate system),
 * the console's theme. Without tiles — none configured, or none reachable — it draws the bundled
 * country boundaries instead. Children draw stored WGS-84 points through `useMapCrs()`.
 */
export function BaseMap({ center, zoom, className, testId, children }: BaseMapProps) {
  const { t } = useTranslation();
  const { theme: themeName } = usePreferences();
  const { token } = theme.useToken();
  const config = useQuery(consoleConfigQueryOptions());
  const mapTiles = config.data?.mapTiles ?? null;
  const tileKey = mapTiles ? `${mapTiles.url} ${mapTiles.labelUrl ?? ''}` : null;
  const [tiles, setTiles] = useState<{ key: string | null; stats: TileStats }>({ key: tileKey, stats: NO_TILES });
  // New tiles start afresh (adjusting state to a prop during render).
  if (tiles.key !== tileKey) setTiles({ key: tileKey, stats: NO_TILES });
  // Only the first load and the first failure change anything: no render per tile.
  const onStats = (key: keyof TileStats) =>
    setTiles((current) => (current.stats[key] ? current : { ...current, stats: { ...current.stats, [key]: true } }));
  const [boundariesFailed, setBoundariesFailed] = useState(false);
  const onBoundariesError = useCallback(() => setBoundariesFailed(true), []);

  const tilesDown = tiles.stats.failed && !tiles.stats.loaded;
  const outline = !config.isPending && (mapTiles === null || tilesDown);
  const crs = mapTiles?.crs ?? 'wgs84';

  let notice: string | null = null;
  if (tilesDown) notice = t('map.notice.tilesFailed');
  else if (outline && boundariesFailed) notice = t('map.notice.boundariesFailed');

  return (
    <div
      className={['envmon-map', `envmon-map--${themeName}`, outline && 'envmon-map--outline', className]
        .filter(Boolean)
        .join(' ')}
      data-testid={testId}
    >
      <MapCrsContext value={crs}>
        <MapContainer
          center={center}
          zoom={zoom}
          className="envmon-map__canvas"
          style={
            outline
              ? ({
                  backgroundColor: token.colorInfoBg,
                  '--envmon-map-label': token.colorTextSecondary,
                  '--envmon-map-halo': token.colorBgContainer,
                } as CSSProperties)
              : undefined
          }
          worldCopyJump
        >
          <SizeWatcher />
          <MaxZoom zoom={mapTiles?.maxZoom ?? OUTLINE_MAX_ZOOM} />
          {mapTiles !== null && <BaseTiles key={tileKey} tiles={mapTiles} onStats={onStats} />}
          {outline && <BoundaryLayer crs={crs} onError={onBoundariesError} />}
          {children}
        </MapContainer>
      </MapCrsContext>
      {notice !== null && (
        <div className="envmon-map__notice" role="status" data-testid="map-notice">
          {notice}
        </div>
      )}
    </div>
  );
}
