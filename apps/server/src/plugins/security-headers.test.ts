import { describe, expect, it } from 'vitest';
import { resolveMapTiles } from '../config/map-tiles.js';
import { contentSecurityPolicy, tileSources } from './security-headers.js';

const tiles = (url: string, subdomains: string | null = null) =>
  resolveMapTiles({ url, crs: null, subdomains, attribution: null });

describe('tileSources', () => {
  it.each([
    ['osm', ['https://tile.openstreetmap.org']],
    [
      'amap',
      [
        'https://webrd01.is.autonavi.com',
        'https://webrd02.is.autonavi.com',
        'https://webrd03.is.autonavi.com',
        'https://webrd04.is.autonavi.com',
      ],
    ],
    ['tianditu:abc', [...'01234567'].map((s) => `https://t${s}.tianditu.gov.cn`)],
    [
      'https://{s}.tile.example.org/{z}/{x}/{y}.png',
      ['https://a.tile.example.org', 'https://b.tile.example.org', 'https://c.tile.example.org'],
    ],
    ['http://tiles.lan:8081/{z}/{x}/{y}.png', ['http://tiles.lan:8081']],
    ['HTTPS://Tiles.Example.com/{z}/{x}/{y}.png', ['https://tiles.example.com']],
  ])('allows exactly the hosts of %s', (url, sources) => {
    expect(tileSources(tiles(url))).toEqual(sources);
  });

  it("spells out subdomains of one's own", () => {
    expect(tileSources(tiles('https://t{s}.example/{z}/{x}/{y}', '0A'))).toEqual([
      'https://t0.example',
      'https://ta.example',
    ]);
  });

  it('adds nothing for no tiles or same-origin tiles', () => {
    expect(tileSources(null)).toEqual([]);
    expect(tileSources(tiles('/tiles/{z}/{x}/{y}.png'))).toEqual([]);
  });
});

describe('contentSecurityPolicy', () => {
  it('adds the tile hosts to img-src only when tiles are configured', () => {
    expect(contentSecurityPolicy(tiles('amap'))['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://webrd01.is.autonavi.com',
      'https://webrd02.is.autonavi.com',
      'https://webrd03.is.autonavi.com',
      'https://webrd04.is.autonavi.com',
    ]);
    expect(contentSecurityPolicy(null)['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });
});
