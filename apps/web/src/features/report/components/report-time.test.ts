import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultReportRange, pickedDayTimes, sameReportParams, toReportTimes } from './report-time';

/** Beijing midnight of a date, as epoch ms. */
const beijing = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 8 * 3_600_000;

describe('report ranges', () => {
  it("reads the statistics reports' picked days from the first midnight to the one after the last, in the browser's calendar", () => {
    expect(pickedDayTimes([dayjs('2026-03-01T10:00'), dayjs('2026-03-03T18:00')])).toEqual({
      beginTime: dayjs('2026-03-01').valueOf(),
      endTime: dayjs('2026-03-04').valueOf(),
    });
  });

  it('reads picked dates as whole days, and months as whole months, in Beijing time', () => {
    const range: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-03-01'), dayjs('2026-03-03')];
    expect(toReportTimes(range, 'day')).toEqual({ beginTime: beijing(2026, 3, 1), endTime: beijing(2026, 3, 4) });
    expect(toReportTimes(range, 'hour')).toEqual({ beginTime: beijing(2026, 3, 1), endTime: beijing(2026, 3, 4) });
    const months: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2025-12-15'), dayjs('2026-02-03')];
    expect(toReportTimes(months, 'month')).toEqual({ beginTime: beijing(2025, 12, 1), endTime: beijing(2026, 3, 1) });
  });

  it('starts with today’s hours, the last week of days or the last year of months', () => {
    const today = dayjs('2026-03-10T15:00:00');
    const days = (unit: 'hour' | 'day' | 'month') => defaultReportRange(unit, today).map((d) => d.format('YYYY-MM-DD'));
    expect(days('hour')).toEqual(['2026-03-10', '2026-03-10']);
    expect(days('day')).toEqual(['2026-03-04', '2026-03-10']);
    expect(days('month')).toEqual(['2025-04-01', '2026-03-01']);
  });

  it('tells a repeated search from a new one', () => {
    expect(sameReportParams({ deviceId: 1, beginTime: 2 }, { deviceId: 1, beginTime: 2 })).toBe(true);
    expect(sameReportParams({ deviceId: 1, beginTime: 2 }, { deviceId: 1, beginTime: 3 })).toBe(false);
    expect(sameReportParams(null, { deviceId: 1 })).toBe(false);
  });
});
