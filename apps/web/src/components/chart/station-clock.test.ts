import { DAY_MS, HOUR_MS } from '@envmon/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pointerText, stationClock, stationTimeAxis, tickText } from './station-clock';

/** 2026-11-25 21:00:00 UTC: 05:00 the next morning on a UTC+08:00 station's clock. */
const AT = Date.UTC(2026, 10, 25, 21, 0, 0);

/** Puts the browser in a zone (minutes east of UTC), whatever zone the test machine is in. */
const browserAt = (minutesEast: number) => vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-minutesEast);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('station clock', () => {
  it("takes the first station's zone, and knows when the chart holds other zones too", () => {
    expect(stationClock([])).toBeUndefined();
    expect(stationClock([480, 480], 'minute')).toEqual({ utcOffsetMinutes: 480, mixed: false, precision: 'minute' });
    expect(stationClock([480, 0])).toEqual({ utcOffsetMinutes: 480, mixed: true, precision: 'second' });
  });

  it("writes a tick on the station's clock, as fine as the axis's span needs", () => {
    expect(tickText(AT, 480, 6 * HOUR_MS)).toBe('05:00');
    expect(tickText(AT + 30_000, 480, 5 * 60_000)).toBe('05:00:30');
    expect(tickText(AT, 480, 7 * DAY_MS)).toBe('11-26 05:00');
    expect(tickText(AT, 480, 400 * DAY_MS)).toBe('2026-11-26');
    // The same instant on a UTC station.
    expect(tickText(AT, 0, 6 * HOUR_MS)).toBe('21:00');
  });

  it("names the station's zone under the pointer only where the browser is in another zone", () => {
    const clock = stationClock([480])!;
    browserAt(0);
    expect(pointerText(AT, clock)).toBe('2026-11-26 05:00:00 UTC+08:00');
    browserAt(480);
    expect(pointerText(AT, clock)).toBe('2026-11-26 05:00:00');
  });

  it('always names the zone when stations of several zones share the chart', () => {
    browserAt(480);
    expect(pointerText(AT, stationClock([480, 0], 'minute')!)).toBe('2026-11-26 05:00 UTC+08:00');
  });

  it("gives a time axis the station's tick text and pointer text, the span taken from its range", () => {
    browserAt(0);
    const axis = stationTimeAxis(stationClock([480], 'minute')!, { min: AT - DAY_MS * 2, max: AT });
    expect(axis.axisLabel.formatter(AT)).toBe('11-26 05:00');
    expect(axis.axisPointer.label.formatter({ value: AT })).toBe('2026-11-26 05:00 UTC+08:00');
    // Without a range (no data yet), ticks are written as within a day.
    expect(stationTimeAxis(stationClock([480])!, {}).axisLabel.formatter(AT)).toBe('05:00');
  });
});
