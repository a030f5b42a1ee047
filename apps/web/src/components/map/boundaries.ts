import gcoord from 'gcoord';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import type { MapCrs } from '@envmon/shared';
import world from '@surbowl/world-geo-json-zh/world.zh.json';

/**
 * The base layer drawn when no tiles are configured (or none load): the borders and coastlines of
 * every country from @surbowl/world-geo-json-zh — Natural Earth 1:50m (public domain, WGS-84),
 * simplified, with China drawn as the official map of China draws it (Taiwan, the South China
 * Sea line). Imported only through loadBoundaries(), so it is a chunk of its own that pages
 * without a map never load.
 */
export interface BoundaryProperties {
  /** Short Chinese name (中国, 日本 …). */
  name: string;
  /** ISO 3166-1 alpha-2, or '-99' where there is none. */
  iso_a2: string;
}

export type BoundaryFeature = Feature<Polygon | MultiPolygon, BoundaryProperties>;

export interface BoundaryLabel {
  code: string;
  name: string;
  /** Where the name is written: the middle of the country's largest part, [lat, lng]. */
  position: [lat: number, lng: number];
  /** Longitude span of that part, to write the name only where it fits. */
  spanLng: number;
}

export interface Boundaries {
  collection: FeatureCollection<Polygon | MultiPolygon, BoundaryProperties>;
  labels: BoundaryLabel[];
}

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

function ringBox(ring: Position[]): Box {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const [lng = 0, lat = 0] of ring) {
    box.west = Math.min(box.west, lng);
    box.east = Math.max(box.east, lng);
    box.south = Math.min(box.south, lat);
    box.north = Math.max(box.north, lat);
  }
  return box;
}

const boxArea = (b: Box) => (b.east - b.west) * (b.north - b.south);

function label(feature: BoundaryFeature): BoundaryLabel | null {
  const { geometry, properties } = feature;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let largest: Box | null = null;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer) continue;
    const box = ringBox(outer);
    if (!largest || boxArea(box) > boxArea(largest)) largest = box;
  }
  if (!largest) return null;
  return {
    code: properties.iso_a2,
    name: properties.name,
    position: [(largest.south + largest.north) / 2, (largest.west + largest.east) / 2],
    spanLng: largest.east - largest.west,
  };
}

function build(collection: FeatureCollection<Polygon | MultiPolygon, BoundaryProperties>): Boundaries {
  const labels = collection.features.map(label).filter((l): l is BoundaryLabel => l !== null);
  return { collection, labels };
}

const WORLD = world as unknown as FeatureCollection<Polygon | MultiPolygon, BoundaryProperties>;

type GcoordInput = Parameters<typeof gcoord.transform>[0];

const cache = new Map<MapCrs, Boundaries>();

/** The boundaries in the map's coordinate system (GCJ-02 only when tiles in it failed to load). */
export function boundariesIn(crs: MapCrs): Boundaries {
  let result = cache.get(crs);
  if (!result) {
    result =
      crs === 'wgs84'
        ? build(WORLD)
        : build(
            gcoord.transform(
              structuredClone(WORLD) as unknown as GcoordInput,
              gcoord.WGS84,
              gcoord.GCJ02,
            ) as unknown as typeof WORLD,
          );
    cache.set(crs, result);
  }
  return result;
}
