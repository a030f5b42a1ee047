import { createContext, useContext } from 'react';
import type { MapCrs } from '@envmon/shared';
import { gcj02ToWgs84, roundCoordinate, wgs84ToGcj02 } from '../../lib/coordinates';
import type { LngLat } from './coordinate-switch';

/**
 * The coordinate system the base map is drawn in (its tiles' `crs`; the bundled boundaries are
 * WGS-84). Stored points are WGS-84: drawn on a GCJ-02 map they are converted first, and a point
 * picked on it is converted back, so a marker lands on the same street whatever the tiles.
 */
export const MapCrsContext = createContext<MapCrs>('wgs84');

export const useMapCrs = (): MapCrs => useContext(MapCrsContext);

/** A stored WGS-84 point as a Leaflet [lat, lng] on a map drawn in `crs`. */
export function toMapLatLng(crs: MapCrs, lng: number, lat: number): [lat: number, lng: number] {
  if (crs === 'wgs84') return [lat, lng];
  const [gLng, gLat] = wgs84ToGcj02([lng, lat]);
  return [gLat, gLng];
}

/** A point picked on a map drawn in `crs`, as the WGS-84 value to store (six decimals). */
export function fromMapLatLng(crs: MapCrs, latlng: { lat: number; lng: number }): LngLat {
  const [lng, lat] = crs === 'wgs84' ? [latlng.lng, latlng.lat] : gcj02ToWgs84([latlng.lng, latlng.lat]);
  return { lng: roundCoordinate(lng), lat: roundCoordinate(lat) };
}
