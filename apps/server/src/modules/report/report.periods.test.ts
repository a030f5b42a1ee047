import { describe, expect, it } from 'vitest';
import { addMonths, previousPeriod, samePeriodLastYear, slotter } from './report.periods.js';

const BEIJING = 480;
/** Beijing midnight of a date, as epoch ms. */
const local = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) - BEIJING * 60_000;

describe('report periods', () => {
  it('moves by calendar months in the station’s calendar', () => {
    expect(addMonths(local(2026, 3, 1), -1, BEIJING)).toBe(local(2026, 2, 1));
    expect(addMonths(local(2026, 1, 15, 8), -12, BEIJING)).toBe(local(2025, 1, 15, 8));
    // 29 February has no match a year earlier: it becomes 1 March.
    expect(addMonths(local(2024, 2, 29), -12, BEIJING)).toBe(local(2023, 3, 1));
  });

  it('takes the same length immediately before, in whole months for the month unit', () => {
    const days = { from: local(2026, 3, 1), to: local(2026, 3, 8) };
    expect(previousPeriod(days, 'day', BEIJING)).toEqual({ from: local(2026, 2, 22), to: local(2026, 3, 1) });
    // March–May (3 months, 92 days) → December–February, not the 92 days before.
    const months = { from: local(2026, 3, 1), to: local(2026, 6, 1) };
    expect(previousPeriod(months, 'month', BEIJING)).toEqual({ from: local(2025, 12, 1), to: local(2026, 3, 1) });
    expect(samePeriodLastYear(months, BEIJING)).toEqual({ from: local(2025, 3, 1), to: local(2025, 6, 1) });
  });

  it('numbers the periods from the first whole one', () => {
    const days = slotter(local(2026, 3, 1), 'day', BEIJING);
    expect(days.slot(local(2026, 3, 3))).toBe(2);
    expect(days.start(2)).toBe(local(2026, 3, 3));
    // A range starting mid-day: slot 0 is the next midnight.
    const late = slotter(local(2026, 3, 1, 15), 'day', BEIJING);
    expect(late.start(0)).toBe(local(2026, 3, 2));
    const months = slotter(local(2025, 11, 1), 'month', BEIJING);
    expect(months.slot(local(2026, 2, 1))).toBe(3);
    expect(months.start(3)).toBe(local(2026, 2, 1));
  });
});
