import { describe, expect, it } from 'vitest';
import { dataZoomOption, longestLine, openingZoom, READABLE_POINTS, zoomFromEvent } from './chart-theme';

describe('chart zoom events', () => {
  it('reads the range from the slider and from wheel or drag batches', () => {
    expect(zoomFromEvent({ type: 'datazoom', start: 20, end: 30 })).toEqual({ start: 20, end: 30 });
    expect(zoomFromEvent({ type: 'datazoom', batch: [{ start: 5, end: 15 }] })).toEqual({ start: 5, end: 15 });
    expect(zoomFromEvent({ type: 'datazoom', batch: [{ startValue: 1 }] })).toBeNull();
  });
});

describe('where a chart opens', () => {
  it('opens on all the data while the longest line is readable whole', () => {
    expect(openingZoom(0)).toEqual({ start: 0, end: 100 });
    expect(openingZoom(READABLE_POINTS)).toEqual({ start: 0, end: 100 });
  });

  it("opens a longer one on the spec's tenth at the newest end, never on the oldest values", () => {
    expect(openingZoom(READABLE_POINTS + 1)).toEqual({ start: 90, end: 100 });
    expect(openingZoom(100_000).end).toBe(100);
  });

  it('measures the longest line', () => {
    expect(longestLine([[1, 2], [1, 2, 3], []])).toBe(3);
    expect(longestLine([])).toBe(0);
  });

  it('moves all the axes given together', () => {
    expect(dataZoomOption('dark', { start: 90, end: 100 }, [0, 1, 2])).toEqual([
      expect.objectContaining({ type: 'inside', xAxisIndex: [0, 1, 2], start: 90, end: 100 }),
      expect.objectContaining({ type: 'slider', xAxisIndex: [0, 1, 2], start: 90, end: 100 }),
    ]);
  });
});
