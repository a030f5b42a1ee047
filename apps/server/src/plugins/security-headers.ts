import helmet from '@fastify/helmet';
import type { MapTiles } from '@envmon/shared';
import type { App } from '../app-types.js';

/**
 * The CSP sources of the resolved map tiles (MAP_TILE_URL): each origin the tiles and their label
 * layer load from, with every `{s}` subdomain spelled out — exactly those hosts, no wildcard.
 * Nothing for no tiles or a same-origin template, which 'self' already covers.
 */
export function tileSources(tiles: MapTiles | null): string[] {
  if (!tiles) return [];
  const sources = new Set<string>();
  const subdomains = tiles.subdomains ? [...tiles.subdomains] : [''];
  for (const template of [tiles.url, tiles.labelUrl]) {
    const match = /^(https?):\/\/([^/?#]+)/i.exec(template ?? '');
    if (!match?.[1] || !match[2]) continue;
    const scheme = match[1].toLowerCase();
    const host = match[2].toLowerCase();
    for (const s of host.includes('{s}') ? subdomains : [''])
      sources.add(`${scheme}://${host.replaceAll('{s}', s.toLowerCase())}`);
  }
  return [...sources];
}

/** What the built console needs, and nothing that lets injected markup run script. */
export function contentSecurityPolicy(mapTiles: MapTiles | null): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // antd's CSS-in-JS and Leaflet's positioning write styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Map tiles from MAP_TILE_URL; charts and marker icons as data: and blob: images.
    'img-src': ["'self'", 'data:', 'blob:', ...tileSources(mapTiles)],
    'font-src': ["'self'", 'data:'],
    // The push socket; camera HLS streams live on whatever hosts the cameras are configured with.
    'connect-src': ["'self'", 'ws:', 'wss:', 'http:', 'https:'],
    'media-src': ["'self'", 'blob:', 'http:', 'https:'],
    // hls.js runs its demuxer in a worker made from a blob.
    'worker-src': ["'self'", 'blob:'],
  };
}

/**
 * Browser protections on every response (issue 13, hole 9): nosniff, framing only by the console
 * itself, the CSP above, and helmet's other defaults except where they would break the console.
 */
export async function registerSecurityHeaders(app: App, mapTiles: MapTiles | null): Promise<void> {
  await app.register(helmet, {
    // Not helmet's defaults: they add upgrade-insecure-requests, which breaks plain-HTTP installs.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(mapTiles) },
    // The OAuth pop-up hands the provider's answer to the console window through window.opener.
    crossOriginOpenerPolicy: false,
    // Tile servers (OpenStreetMap's among them) refuse tile requests without a Referer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS, and so HSTS, is the business of the TLS-terminating proxy in front of the server.
    strictTransportSecurity: false,
  });
}
