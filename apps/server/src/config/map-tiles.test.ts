import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { MAP_TILE_PRESETS, resolveMapTiles, type MapTileSettings } from './map-tiles.js';

const settings = (url: string | null, more: Partial<MapTileSettings> = {}): MapTileSettings => ({
  url,
  crs: null,
  subdomains: null,
  attribution: null,
  ...more,
});

describe('resolveMapTiles', () => {
  it('gives no tiles when MAP_TILE_URL is absent or blank', () => {
    expect(resolveMapTiles(settings(null))).toBeNull();
    expect(resolveMapTiles(settings('  '))).toBeNull();
  });

  it('resolves OpenStreetMap as WGS-84 and AMap as GCJ-02, with their subdomains and credits', () => {
    expect(resolveMapTiles(settings('osm'))).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      labelUrl: null,
      subdomains: '',
      attribution: expect.stringContaining('OpenStreetMap') as string,
      crs: 'wgs84',
      maxZoom: 19,
    });
    expect(resolveMapTiles(settings('AMap'))).toMatchObject({
      url: expect.stringMatching(/^https:\/\/webrd0\{s\}\.is\.autonavi\.com\/appmaptile\?/) as string,
      subdomains: '1234',
      crs: 'gcj02',
    });
    expect(resolveMapTiles(settings('amap-satellite'))).toMatchObject({
      labelUrl: expect.stringContaining('style=8') as string,
      crs: 'gcj02',
    });
  });

  it('puts the Tianditu key into both the map and its label layer', () => {
    const tiles = resolveMapTiles(settings('tianditu:0123abcd'));
    expect(tiles).toMatchObject({ crs: 'wgs84', subdomains: '01234567' });
    expect(tiles?.url).toContain('LAYER=vec&');
    expect(tiles?.url).toMatch(/&tk=0123abcd$/);
    expect(tiles?.labelUrl).toContain('LAYER=cva&');
    expect(tiles?.labelUrl).toMatch(/&tk=0123abcd$/);
    expect(resolveMapTiles(settings('tianditu-satellite:k1'))?.url).toContain('/img_w/');
  });

  it('takes a URL template as WGS-84 unless MAP_TILE_CRS says gcj02, with its own subdomains and credits', () => {
    expect(resolveMapTiles(settings('https://{s}.tiles.example/{z}/{x}/{y}.png'))).toEqual({
      url: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
      labelUrl: null,
      subdomains: 'abc',
      attribution: null,
      crs: 'wgs84',
      maxZoom: 18,
    });
    expect(
      resolveMapTiles(settings('http://tiles.lan:8081/{z}/{x}/{y}.png', { crs: 'gcj02', attribution: '© Our survey' })),
    ).toMatchObject({ crs: 'gcj02', subdomains: '', attribution: '© Our survey' });
    expect(resolveMapTiles(settings('https://t{s}.example/{z}/{x}/{y}', { subdomains: '0123' }))?.subdomains).toBe(
      '0123',
    );
  });

  it.each([
    ['an unknown preset', settings('google'), /MAP_TILE_URL: 'google' is neither .* preset \(osm, amap/],
    ['Tianditu without a key', settings('tianditu'), /tianditu preset needs a key: tianditu:<key>/],
    ['a key for a preset that takes none', settings('osm:abc'), /osm preset takes no key/],
    ['a key with other characters', settings('tianditu:a&b=c'), /key must be letters and digits/],
    ['a CRS contradicting the preset', settings('amap', { crs: 'wgs84' }), /amap preset is drawn in gcj02, not wgs84/],
    ['an unknown CRS', settings('https://t.example/{z}/{x}/{y}', { crs: 'bd09' }), /MAP_TILE_CRS: 'bd09'/],
    ['a URL without {x}/{y}/{z}', settings('https://t.example/tiles.png'), /must contain \{x\}, \{y\} and \{z\}/],
    [
      'subdomains that are no characters',
      settings('https://{s}.t.example/{z}/{x}/{y}', { subdomains: 'a,b' }),
      /MAP_TILE_SUBDOMAINS/,
    ],
    ['a CRS without a URL', settings(null, { crs: 'gcj02' }), /need a MAP_TILE_URL/],
  ])('refuses %s with a clear message', (_what, value, message) => {
    expect(() => resolveMapTiles(value)).toThrow(message);
  });

  it('has a URL template with {x}, {y} and {z} for every preset', () => {
    for (const preset of Object.values(MAP_TILE_PRESETS)) {
      for (const url of [preset.url, preset.labelUrl].filter((u) => u !== null)) {
        expect(url).toMatch(/\{x\}/);
        expect(url).toMatch(/\{y\}/);
        expect(url).toMatch(/\{z\}/);
        expect(url.includes('{s}')).toBe(preset.subdomains !== '');
      }
    }
  });
});

describe('loadConfig: MAP_TILE_*', () => {
  it('resolves the preset at start and fails at start on a value that cannot work', () => {
    expect(loadConfig({}).mapTiles).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: 'amap' }).mapTiles?.crs).toBe('gcj02');
    expect(loadConfig({ MAP_TILE_URL: 'https://t.example/{z}/{x}/{y}', MAP_TILE_CRS: 'GCJ02' }).mapTiles?.crs).toBe(
      'gcj02',
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'tianditu' })).toThrow(/^Invalid configuration: MAP_TILE_URL: /);
  });
});
