import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, roundCoordinate, wgs84ToGcj02 } from './coordinates';

describe('coordinate systems', () => {
  it('converts WGS-84 to GCJ-02 as gcoord documents for Beijing', () => {
    const [lng, lat] = wgs84ToGcj02([116.404, 39.915]);
    expect(Math.abs(lng - 116.41024449916938)).toBeLessThan(1e-9);
    expect(Math.abs(lat - 39.91640428150164)).toBeLessThan(1e-9);
  });

  it('returns to the WGS-84 point from GCJ-02', () => {
    for (const point of [
      [116.404, 39.915],
      [114.26, 22.71],
      [121.473701, 31.230416],
    ] as const) {
      const [lng, lat] = gcj02ToWgs84(wgs84ToGcj02([point[0], point[1]]));
      expect(Math.abs(lng - point[0])).toBeLessThan(1e-6);
      expect(Math.abs(lat - point[1])).toBeLessThan(1e-6);
    }
  });

  it('does not mutate its input', () => {
    const input: [number, number] = [116.404, 39.915];
    wgs84ToGcj02(input);
    expect(input).toEqual([116.404, 39.915]);
  });

  it('rounds to six decimals', () => {
    expect(roundCoordinate(116.41024449916938)).toBe(116.410244);
    expect(roundCoordinate(39.91640428150164)).toBe(39.916404);
    expect(roundCoordinate(-73.9856789)).toBe(-73.985679);
  });
});
