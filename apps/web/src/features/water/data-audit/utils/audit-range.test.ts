import { describe, expect, it } from 'vitest';
import { auditRange, stationDayStart } from './audit-range';

const BEIJING = 480;

describe('auditRange', () => {
  it('a Beijing station day starts at 16:00 UTC the day before', () => {
    expect(auditRange({ year: 2026, month: 2, day: 1 }, 'day', BEIJING)).toEqual({
      from: Date.parse('2026-02-28T16:00:00Z'),
      to: Date.parse('2026-03-01T16:00:00Z'),
    });
  });

  it('a month runs to the next month’s first midnight on the station’s clock (February 2028 has 29 days)', () => {
    const { from, to } = auditRange({ year: 2028, month: 1, day: 17 }, 'month', BEIJING);
    expect(from).toBe(Date.parse('2028-01-31T16:00:00Z'));
    expect(to).toBe(Date.parse('2028-02-29T16:00:00Z'));
    expect((to - from) / 3_600_000).toBe(29 * 24);
  });

  it('December runs into the next year; a station west of UTC starts later', () => {
    expect(auditRange({ year: 2026, month: 11, day: 5 }, 'month', -300)).toEqual({
      from: Date.parse('2026-12-01T05:00:00Z'),
      to: Date.parse('2027-01-01T05:00:00Z'),
    });
  });
});

describe('stationDayStart', () => {
  it('names the station day an hour falls in', () => {
    expect(stationDayStart(Date.parse('2026-03-01T15:00:00Z'), BEIJING)).toBe(Date.parse('2026-02-28T16:00:00Z'));
    expect(stationDayStart(Date.parse('2026-03-01T16:00:00Z'), BEIJING)).toBe(Date.parse('2026-03-01T16:00:00Z'));
    expect(stationDayStart(Date.parse('2026-03-01T03:00:00Z'), 0)).toBe(Date.parse('2026-03-01T00:00:00Z'));
  });
});
