import helmet from '@fastify/helmet';
import type { App } from '../app-types.js';

/**
 * The CSP source for MAP_TILE_URL's host: a Leaflet template such as `https://{s}.tile.example.org/…`
 * becomes `https://*.tile.example.org` (CSP wildcards only whole leading labels). Null for a
 * same-origin or unusable URL, which 'self' already covers or nothing can load.
 */
export function tileSource(mapTileUrl: string | null): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(mapTileUrl?.trim() ?? '');
  if (!match?.[1] || !match[2]) return null;
  const labels = match[2].toLowerCase().split('.');
  const templated = labels.findLastIndex((label) => label.includes('{'));
  const host = templated < 0 ? labels.join('.') : ['*', ...labels.slice(templated + 1)].join('.');
  return `${match[1].toLowerCase()}://${host}`;
}

/** What the built console needs, and nothing that lets injected markup run script. */
export function contentSecurityPolicy(mapTileUrl: string | null): Record<string, string[]> {
  const tiles = tileSource(mapTileUrl);
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
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
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
export async function registerSecurityHeaders(app: App, mapTileUrl: string | null): Promise<void> {
  await app.register(helmet, {
    // Not helmet's defaults: they add upgrade-insecure-requests, which breaks plain-HTTP installs.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(mapTileUrl) },
    // The OAuth pop-up hands the provider's answer to the console window through window.opener.
    crossOriginOpenerPolicy: false,
    // Tile servers (OpenStreetMap's among them) refuse tile requests without a Referer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS, and so HSTS, is the business of the TLS-terminating proxy in front of the server.
    strictTransportSecurity: false,
  });
}
