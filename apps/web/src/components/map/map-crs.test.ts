import { describe, expect, it } from 'vitest';
import { boundariesIn } from './boundaries';
import { fromMapLatLng, toMapLatLng } from './map-crs';

describe('map coordinate systems', () => {
  it('draws a stored WGS-84 point as is on a WGS-84 map and converted on a GCJ-02 one', () => {
    expect(toMapLatLng('wgs84', 116.404, 39.915)).toEqual([39.915, 116.404]);
    const [lat, lng] = toMapLatLng('gcj02', 116.404, 39.915);
    expect(lng).toBeCloseTo(116.410244, 6);
    expect(lat).toBeCloseTo(39.916404, 6);
  });

  it('stores a point picked on the map as WGS-84, rounded to six decimals', () => {
    expect(fromMapLatLng('wgs84', { lat: 39.1234567, lng: 116.7654321 })).toEqual({ lng: 116.765432, lat: 39.123457 });
    expect(fromMapLatLng('gcj02', { lat: 39.916404, lng: 116.410244 })).toEqual({ lng: 116.404, lat: 39.915 });
  });
});

describe('bundled boundaries', () => {
  it('hold every country with a name to write inside it, China among them', () => {
    const { collection, labels } = boundariesIn('wgs84');
    expect(collection.features.length).toBeGreaterThan(200);
    const china = labels.find((label) => label.code === 'CN');
    expect(china?.name).toBe('中国');
    const [lat = 0, lng = 0] = china?.position ?? [];
    expect(lng).toBeGreaterThan(95);
    expect(lng).toBeLessThan(115);
    expect(lat).toBeGreaterThan(28);
    expect(lat).toBeLessThan(42);
  }, 60_000);

  it('are converted to GCJ-02 for a GCJ-02 map, inside China only', () => {
    const wgs = boundariesIn('wgs84').labels;
    const gcj = boundariesIn('gcj02').labels;
    const shift = (code: string) => {
      const a = wgs.find((l) => l.code === code)?.position ?? [0, 0];
      const b = gcj.find((l) => l.code === code)?.position ?? [0, 0];
      return b[1] - a[1];
    };
    expect(shift('CN')).toBeGreaterThan(0.001);
    expect(shift('FR')).toBe(0);
  }, 60_000);
});
