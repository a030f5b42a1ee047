import gcoord from 'gcoord';

/** A longitude/latitude pair in degrees, in the order gcoord and GeoJSON use. */
export type Position = [lng: number, lat: number];

/** Decimals kept for a picked or converted coordinate (about 0.1 m). */
export const COORDINATE_DECIMALS = 6;

const SCALE = 10 ** COORDINATE_DECIMALS;

export function roundCoordinate(value: number): number {
  return Math.round(value * SCALE) / SCALE;
}

/**
 * Stored coordinates are WGS-84 (GPS); Chinese web maps (AMap, Tencent) draw GCJ-02. gcoord
 * leaves points outside China unchanged, as GCJ-02 is only defined there.
 */
export function wgs84ToGcj02(position: Position): Position {
  const [lng, lat] = gcoord.transform<Position>([position[0], position[1]], gcoord.WGS84, gcoord.GCJ02);
  return [lng, lat];
}

/** The inverse of wgs84ToGcj02 (iterative in gcoord, exact to well under 1e-6 degrees). */
export function gcj02ToWgs84(position: Position): Position {
  const [lng, lat] = gcoord.transform<Position>([position[0], position[1]], gcoord.GCJ02, gcoord.WGS84);
  return [lng, lat];
}
