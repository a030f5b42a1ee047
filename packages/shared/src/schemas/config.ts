import { z } from 'zod';
import { CONSOLE_SIZES } from '../console-sizes.js';
import { LANGUAGES } from '../i18n/languages.js';
import { oauthConfigSchema } from './auth.js';

export * from '../console-sizes.js';

/** Coordinate systems a base map can be drawn in: WGS-84 (GPS, CGCS2000 alike) or GCJ-02 (Chinese web maps). */
export const MAP_CRS = ['wgs84', 'gcj02'] as const;
export type MapCrs = (typeof MAP_CRS)[number];

/**
 * The base map's tiles as the server resolved MAP_TILE_URL (a preset or a URL template):
 * Leaflet's URL template and `{s}` subdomains, an optional label layer drawn over it (Tianditu's
 * annotations), the attribution (HTML the provider asks for), the coordinate system the tiles are
 * drawn in — stored WGS-84 points are converted to it — and the deepest zoom served.
 */
export const mapTilesSchema = z.object({
  url: z.string(),
  labelUrl: z.string().nullable(),
  subdomains: z.string(),
  attribution: z.string().nullable(),
  crs: z.enum(MAP_CRS),
  maxZoom: z.number().int(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;

/**
 * GET /manager/system/config/rest/get — what the console needs before sign-in. `oauth.authorizeUrl`
 * is the provider's authorize URL with response_type, client_id and redirect_uri already set.
 */
export const clientConfigSchema = z.object({
  defaultLanguage: z.enum(LANGUAGES),
  defaultSize: z.enum(CONSOLE_SIZES),
  oauth: oauthConfigSchema,
  /** Null: no tiles configured; the console draws its bundled boundaries. */
  mapTiles: mapTilesSchema.nullable(),
  demo: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
