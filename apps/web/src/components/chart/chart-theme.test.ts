import { describe, expect, it } from 'vitest';
import { zoomFromEvent } from './chart-theme';

describe('chart zoom events', () => {
  it('reads the range from the slider and from wheel or drag batches', () => {
    expect(zoomFromEvent({ type: 'datazoom', start: 20, end: 30 })).toEqual({ start: 20, end: 30 });
    expect(zoomFromEvent({ type: 'datazoom', batch: [{ start: 5, end: 15 }] })).toEqual({ start: 5, end: 15 });
    expect(zoomFromEvent({ type: 'datazoom', batch: [{ startValue: 1 }] })).toBeNull();
  });
});
