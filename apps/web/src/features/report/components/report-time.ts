import type { ReportTimeUnit } from '@envmon/shared';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The calendar a report's range is read in: stations report Beijing time unless a device says otherwise
 * (DESIGN.md 'Data'), and their hour, day and month rollups start at Beijing midnights. A range picked as
 * dates is therefore turned into times in that calendar, whatever the browser's time zone.
 */
export const REPORT_CALENDAR_OFFSET_MINUTES = 480;

export type ReportRange = [Dayjs, Dayjs];

/** [beginTime, endTime): from the first picked day (month) to the end of the last, in the stations' calendar. */
export function toReportTimes(
  range: ReportRange,
  unit: ReportTimeUnit,
  offsetMinutes: number = REPORT_CALENDAR_OFFSET_MINUTES,
): { beginTime: number; endTime: number } {
  const [from, to] = range;
  const offset = offsetMinutes * 60_000;
  if (unit === 'month') {
    return {
      beginTime: Date.UTC(from.year(), from.month(), 1) - offset,
      endTime: Date.UTC(to.year(), to.month() + 1, 1) - offset,
    };
  }
  return {
    beginTime: Date.UTC(from.year(), from.month(), from.date()) - offset,
    endTime: Date.UTC(to.year(), to.month(), to.date() + 1) - offset,
  };
}

/** What a report shows first: hours of today, days of the last week, months of the last year. */
export function defaultReportRange(unit: ReportTimeUnit, today: Dayjs = dayjs()): ReportRange {
  switch (unit) {
    case 'hour':
      return [today.startOf('day'), today.startOf('day')];
    case 'day':
      return [today.subtract(6, 'day').startOf('day'), today.startOf('day')];
    case 'month':
      return [today.subtract(11, 'month').startOf('month'), today.startOf('month')];
  }
}

/** The same filters as the report shows now: searching again then reads again instead of keeping the cached answer. */
export function sameReportParams(a: object | null, b: object | null): boolean {
  return a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * [first midnight, midnight after the last) of the picked days, in the browser's calendar: the range of
 * the statistics reports (odour rose, isotopes), whose filters are days rather than report periods.
 */
export function pickedDayTimes([from, to]: ReportRange): { beginTime: number; endTime: number } {
  return { beginTime: from.startOf('day').valueOf(), endTime: to.startOf('day').add(1, 'day').valueOf() };
}
