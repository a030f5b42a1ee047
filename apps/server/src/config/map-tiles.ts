import { MAP_CRS, type MapCrs, type MapTiles } from '@envmon/shared';

/**
 * MAP_TILE_URL (README 'Configuration'): a preset name — `osm`, `amap`, `amap-satellite`,
 * `tianditu:<key>`, `tianditu-satellite:<key>` — or a Leaflet URL template. A preset carries its
 * URL, subdomains, attribution and coordinate system; a URL is taken as WGS-84 unless
 * MAP_TILE_CRS says gcj02, with MAP_TILE_SUBDOMAINS and MAP_TILE_ATTRIBUTION when it needs them.
 */
interface MapTilePreset {
  url: string;
  labelUrl: string | null;
  subdomains: string;
  attribution: string;
  crs: MapCrs;
  maxZoom: number;
  /** Tianditu serves nobody without a key of one's own (`tianditu:<key>`). */
  needsKey: boolean;
}

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const AMAP_ATTRIBUTION = '&copy; <a href="https://www.amap.com/">高德地图 AutoNavi</a>';
const TIANDITU_ATTRIBUTION = '&copy; <a href="https://www.tianditu.gov.cn/">天地图 Tianditu</a>';

/** Tianditu's WMTS tiles in Web Mercator (`_w`); `{tk}` is the user's key. */
const tianditu = (layer: string) =>
  `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}` +
  '&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk={tk}';

export const MAP_TILE_PRESETS = {
  osm: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    labelUrl: null,
    subdomains: '',
    attribution: OSM_ATTRIBUTION,
    crs: 'wgs84',
    maxZoom: 19,
    needsKey: false,
  },
  amap: {
    url: 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    labelUrl: null,
    subdomains: '1234',
    attribution: AMAP_ATTRIBUTION,
    crs: 'gcj02',
    maxZoom: 18,
    needsKey: false,
  },
  'amap-satellite': {
    url: 'https://webst0{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
    labelUrl: 'https://webst0{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
    subdomains: '1234',
    attribution: AMAP_ATTRIBUTION,
    crs: 'gcj02',
    maxZoom: 18,
    needsKey: false,
  },
  // CGCS2000, which agrees with WGS-84 to well under a metre.
  tianditu: {
    url: tianditu('vec'),
    labelUrl: tianditu('cva'),
    subdomains: '01234567',
    attribution: TIANDITU_ATTRIBUTION,
    crs: 'wgs84',
    maxZoom: 18,
    needsKey: true,
  },
  'tianditu-satellite': {
    url: tianditu('img'),
    labelUrl: tianditu('cia'),
    subdomains: '01234567',
    attribution: TIANDITU_ATTRIBUTION,
    crs: 'wgs84',
    maxZoom: 18,
    needsKey: true,
  },
} as const satisfies Record<string, MapTilePreset>;

export type MapTilePresetName = keyof typeof MAP_TILE_PRESETS;
const PRESET_NAMES = Object.keys(MAP_TILE_PRESETS) as MapTilePresetName[];

const isPreset = (name: string): name is MapTilePresetName => Object.hasOwn(MAP_TILE_PRESETS, name);

/** The deepest zoom assumed for a tile URL of one's own. */
const URL_MAX_ZOOM = 18;

export interface MapTileSettings {
  /** MAP_TILE_URL: a preset (`name` or `name:key`) or a URL template; null for none. */
  url: string | null;
  /** MAP_TILE_CRS, for a URL only. */
  crs: string | null;
  /** MAP_TILE_SUBDOMAINS, for a URL with `{s}` only. */
  subdomains: string | null;
  /** MAP_TILE_ATTRIBUTION, for a URL only. */
  attribution: string | null;
}

const fail = (message: string): never => {
  throw new Error(`Invalid configuration: ${message}`);
};

function resolvePreset(value: string, settings: MapTileSettings): MapTiles {
  const colon = value.indexOf(':');
  const name = (colon < 0 ? value : value.slice(0, colon)).toLowerCase();
  const key = colon < 0 ? null : value.slice(colon + 1).trim();
  if (!isPreset(name)) {
    return fail(
      `MAP_TILE_URL: '${value}' is neither an http(s) URL template nor a preset (${PRESET_NAMES.join(', ')})`,
    );
  }
  const preset: MapTilePreset = MAP_TILE_PRESETS[name];
  if (preset.needsKey && !key) return fail(`MAP_TILE_URL: the ${name} preset needs a key: ${name}:<key>`);
  if (!preset.needsKey && key !== null) return fail(`MAP_TILE_URL: the ${name} preset takes no key`);
  if (key !== null && !/^[A-Za-z0-9]+$/.test(key))
    return fail(`MAP_TILE_URL: the ${name} key must be letters and digits`);
  // A preset knows its own coordinate system and credits: a different one is a mistake, not an override.
  if (settings.crs !== null && settings.crs !== preset.crs) {
    return fail(`MAP_TILE_CRS: the ${name} preset is drawn in ${preset.crs}, not ${settings.crs}`);
  }
  if (settings.subdomains !== null || settings.attribution !== null) {
    return fail(`MAP_TILE_SUBDOMAINS and MAP_TILE_ATTRIBUTION apply to a tile URL, not to the ${name} preset`);
  }
  const withKey = (url: string) => (key === null ? url : url.replace('{tk}', key));
  return {
    url: withKey(preset.url),
    labelUrl: preset.labelUrl === null ? null : withKey(preset.labelUrl),
    subdomains: preset.subdomains,
    attribution: preset.attribution,
    crs: preset.crs,
    maxZoom: preset.maxZoom,
  };
}

function resolveUrl(value: string, settings: MapTileSettings): MapTiles {
  const crs = settings.crs ?? 'wgs84';
  if (!(MAP_CRS as readonly string[]).includes(crs)) {
    return fail(`MAP_TILE_CRS: '${crs}' is not one of ${MAP_CRS.join(', ')}`);
  }
  if (!['{x}', '{y}', '{z}'].every((part) => value.includes(part))) {
    return fail(`MAP_TILE_URL: '${value}' must contain {x}, {y} and {z}`);
  }
  const subdomains = settings.subdomains ?? 'abc';
  if (value.includes('{s}') && !/^[A-Za-z0-9]+$/.test(subdomains)) {
    return fail('MAP_TILE_SUBDOMAINS: one character per subdomain, letters and digits (e.g. abc or 1234)');
  }
  return {
    url: value,
    labelUrl: null,
    subdomains: value.includes('{s}') ? subdomains : '',
    attribution: settings.attribution,
    crs: crs as MapCrs,
    maxZoom: URL_MAX_ZOOM,
  };
}

/** Resolves the MAP_TILE_* settings; throws a readable error for a value that cannot work. */
export function resolveMapTiles(settings: MapTileSettings): MapTiles | null {
  const value = settings.url?.trim() ?? '';
  if (!value) {
    if (settings.crs !== null || settings.subdomains !== null || settings.attribution !== null) {
      return fail('MAP_TILE_CRS, MAP_TILE_SUBDOMAINS and MAP_TILE_ATTRIBUTION need a MAP_TILE_URL');
    }
    return null;
  }
  if (/^https?:\/\//i.test(value) || value.startsWith('/')) return resolveUrl(value, settings);
  return resolvePreset(value, settings);
}
