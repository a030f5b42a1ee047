import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import type { LatLngTuple } from 'leaflet';
import { usePreferences } from '../../app/providers/preferences';
import { consoleConfigQueryOptions } from '../../lib/console-config';

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

/** Whether any tile of the current URL has loaded, and whether any has failed. */
interface TileStats {
  loaded: boolean;
  failed: boolean;
}

const NO_TILES: TileStats = { loaded: false, failed: false };

function BaseTiles({ url, onStats }: { url: string; onStats: (key: keyof TileStats) => void }) {
  return (
    <TileLayer url={url} eventHandlers={{ tileload: () => onStats('loaded'), tileerror: () => onStats('failed') }} />
  );
}

/**
 * The map both device screens share: the spec's centre and zoom, the base tiles of the client
 * configuration (`MAP_TILE_URL`), the console's theme. Without tiles — none configured, or none
 * reachable — the map still pans, zooms, shows markers and draws, over a plain grid, and a
 * subtle notice says why the background is empty.
 */
export function BaseMap({ center, zoom, className, testId, children }: BaseMapProps) {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  const config = useQuery(consoleConfigQueryOptions());
  // An empty setting means no base map, like an absent one.
  const tileUrl = config.data?.mapTileUrl?.trim() || null;
  const [tiles, setTiles] = useState<{ url: string | null; stats: TileStats }>({ url: tileUrl, stats: NO_TILES });
  // A new tile URL starts afresh (adjusting state to a prop during render).
  if (tiles.url !== tileUrl) setTiles({ url: tileUrl, stats: NO_TILES });
  // Only the first load and the first failure change anything: no render per tile.
  const onStats = (key: keyof TileStats) =>
    setTiles((current) => (current.stats[key] ? current : { ...current, stats: { ...current.stats, [key]: true } }));

  let notice: string | null = null;
  if (!config.isPending && tileUrl === null) notice = t('map.notice.noTiles');
  else if (tiles.stats.failed && !tiles.stats.loaded) notice = t('map.notice.tilesFailed');

  return (
    <div className={['envmon-map', `envmon-map--${theme}`, className].filter(Boolean).join(' ')} data-testid={testId}>
      <MapContainer center={center} zoom={zoom} className="envmon-map__canvas" worldCopyJump>
        <SizeWatcher />
        {tileUrl !== null && <BaseTiles key={tileUrl} url={tileUrl} onStats={onStats} />}
        {children}
      </MapContainer>
      {notice !== null && (
        <div className="envmon-map__notice" role="status" data-testid="map-notice">
          {notice}
        </div>
      )}
    </div>
  );
}
