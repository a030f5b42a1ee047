import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileSource } from './security-headers.js';

describe('tileSource', () => {
  it.each([
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}', 'https://*.is.autonavi.com'],
    ['http://tiles.lan:8081/{z}/{x}/{y}.png', 'http://tiles.lan:8081'],
    ['HTTPS://Tiles.Example.com/{z}/{x}/{y}.png', 'https://tiles.example.com'],
  ])('allows the host of %s as %s', (url, source) => {
    expect(tileSource(url)).toBe(source);
  });

  it.each([[null], [''], ['/tiles/{z}/{x}/{y}.png'], ['not a url']])('adds nothing for %j', (url) => {
    expect(tileSource(url)).toBeNull();
  });
});

describe('contentSecurityPolicy', () => {
  it('adds the tile host to img-src only when one is configured', () => {
    expect(contentSecurityPolicy('https://{s}.tile.example.org/{z}/{x}/{y}.png')['img-src']).toContain(
      'https://*.tile.example.org',
    );
    expect(contentSecurityPolicy(null)['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});
