import { describe, expect, it } from 'vitest';
import type { SeriesState } from './quality.js';
import { MAX_SERIES_PAIRS, SeriesStates } from './series-states.js';

describe('SeriesStates', () => {
  const scratch = (): SeriesState => ({ last: 7, sameCount: 7 });

  it('starts a series empty, with no newest time', () => {
    const states = new SeriesStates();
    const slot = states.slotOf(1, 'min', 'w01018');
    expect(states.read(slot, scratch())).toEqual({ last: null, sameCount: 0 });
    expect(states.newestTime(slot)).toBe(Number.NEGATIVE_INFINITY);
  });

  it('keeps each device × kind × factor apart and finds a series again', () => {
    const states = new SeriesStates();
    const a = states.slotOf(1, 'min', 'w01018');
    const b = states.slotOf(1, 'hour', 'w01018');
    const c = states.slotOf(2, 'min', 'w01018');
    const d = states.slotOf(1, 'min', 'w21003');
    expect(new Set([a, b, c, d]).size).toBe(4);
    states.write(a, { last: 12.5, sameCount: 3 }, 1000);
    states.write(c, { last: 0, sameCount: 1 }, 2000);
    expect(states.slotOf(1, 'min', 'w01018')).toBe(a);
    expect(states.read(a, scratch())).toEqual({ last: 12.5, sameCount: 3 });
    expect(states.newestTime(a)).toBe(1000);
    expect(states.read(c, scratch())).toEqual({ last: 0, sameCount: 1 });
    expect(states.read(b, scratch())).toEqual({ last: null, sameCount: 0 });
  });

  it('keeps every series when its arrays grow', () => {
    const states = new SeriesStates();
    for (let device = 1; device <= 5000; device++) {
      states.write(states.slotOf(device, 'rtd', 'a21026'), { last: device, sameCount: device % 7 }, device * 60_000);
    }
    for (const device of [1, 1024, 1025, 4999, 5000]) {
      const slot = states.slotOf(device, 'rtd', 'a21026');
      expect(states.read(slot, scratch())).toEqual({ last: device, sameCount: device % 7 });
      expect(states.newestTime(slot)).toBe(device * 60_000);
    }
  });

  it('follows a bounded number of kind × factor pairs: one past the bound has no series', () => {
    const states = new SeriesStates();
    for (let i = 0; i < MAX_SERIES_PAIRS; i++) expect(states.slotOf(1, 'min', `f${i}`)).toBeGreaterThanOrEqual(0);
    expect(states.slotOf(1, 'min', 'one-too-many')).toBe(-1);
    expect(states.slotOf(2, 'min', 'f0')).toBeGreaterThanOrEqual(0);
  });
});
