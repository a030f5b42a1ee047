import { describe, expect, it } from 'vitest';
import { resolveMapTiles } from '../config/map-tiles.js';
import { CONSOLE_ASSET, useTestApp } from '../test/harness.js';

/**
 * Issue 13, hole 9: the console and the API are served with the browser protections — no MIME
 * sniffing, no framing by other sites, and a Content-Security-Policy the console works under.
 */
describe('security headers', () => {
  const t = useTestApp({
    withConsole: true,
    config: { mapTiles: resolveMapTiles({ url: 'tianditu:abc', crs: null, subdomains: null, attribution: null }) },
  });

  function directives(header: string | string[] | number | undefined): Map<string, string[]> {
    expect(typeof header).toBe('string');
    return new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...values]) => [name ?? '', values]),
    );
  }

  it.each([
    ['the console page', '/index'],
    ['a console asset', `/${CONSOLE_ASSET}`],
    ['an API call', '/manager/system/config/rest/get'],
    ['an unknown API path', '/manager/system/nothing/here'],
    ['the API reference', '/api-docs/'],
  ])('protects %s', async (_what, url) => {
    const response = await t().app.inject({ method: 'GET', url });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // Only the console's own scripts run: no inline script, no eval.
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('lets the console work: antd styles, the configured map tiles, the push socket, exports, cameras', async () => {
    const response = await t().app.inject({ method: 'GET', url: '/index' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('style-src')).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://t0.tianditu.gov.cn', 'https://t7.tianditu.gov.cn']),
    );
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'ws:', 'wss:']));
    expect(csp.get('worker-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    // Plain-HTTP installs must keep loading their own assets.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    // Tile servers such as OpenStreetMap's refuse requests without a Referer.
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
