import { describe, expect, it } from 'vitest';
import { browserOffsetAt, formatDataTime } from './data-time';

// 2026-11-25 21:59:30 UTC.
const AT = Date.UTC(2026, 10, 25, 21, 59, 30);

describe('formatDataTime', () => {
  it("writes the time on the station's clock, whatever the browser's zone", () => {
    const beijing = formatDataTime(AT, 480);
    const utc = formatDataTime(AT, 0);
    expect(beijing.startsWith('2026-11-26 05:59:30')).toBe(true);
    expect(utc.startsWith('2026-11-25 21:59:30')).toBe(true);
  });

  it("names the station's zone only when the browser is elsewhere at that instant", () => {
    const here = browserOffsetAt(AT);
    expect(formatDataTime(AT, here)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const elsewhere = here === 480 ? 0 : 480;
    expect(formatDataTime(AT, elsewhere)).toBe(
      elsewhere === 480 ? '2026-11-26 05:59:30 UTC+08:00' : '2026-11-25 21:59:30 UTC+00:00',
    );
  });

  it('cuts to the precision and shows a missing time as the empty cell', () => {
    expect(formatDataTime(AT, browserOffsetAt(AT), 'day')).toMatch(/^2026-11-2[56]$/);
    expect(formatDataTime(null, 480)).toBe('-');
  });
});
