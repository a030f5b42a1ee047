import { DAY_MS, HOUR_MS, MINUTE_MS, type ReportTimeUnit } from '@envmon/shared';

/**
 * Period arithmetic in a station's calendar (its UTC offset, as the ingest pipeline dates hour, day and
 * month values): the contrast report's earlier periods and the position of a value inside its period.
 */
const UNIT_MS = { hour: HOUR_MS, day: DAY_MS } as const;
/** The average month, to count a range in whole calendar months. */
const AVERAGE_MONTH_MS = 30.436875 * UNIT_MS.day;

export interface Range {
  from: number;
  to: number;
}

/** `ms` moved by `months` calendar months (and its day and time kept) in the calendar `offsetMinutes` east of UTC. */
export function addMonths(ms: number, months: number, offsetMinutes: number): number {
  const offset = offsetMinutes * MINUTE_MS;
  const d = new Date(ms + offset);
  return (
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ) - offset
  );
}

/** The same length immediately before; for the month unit the same number of calendar months before. */
export function previousPeriod(range: Range, unit: ReportTimeUnit, offsetMinutes: number): Range {
  if (unit === 'month') {
    const months = Math.max(1, Math.round((range.to - range.from) / AVERAGE_MONTH_MS));
    return { from: addMonths(range.from, -months, offsetMinutes), to: addMonths(range.to, -months, offsetMinutes) };
  }
  return { from: range.from - (range.to - range.from), to: range.from };
}

/** The same dates one calendar year earlier (29 February becomes 1 March). */
export function samePeriodLastYear(range: Range, offsetMinutes: number): Range {
  return { from: addMonths(range.from, -12, offsetMinutes), to: addMonths(range.to, -12, offsetMinutes) };
}

const monthIndex = (ms: number, offset: number) => {
  const d = new Date(ms + offset);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * Positions of periods inside a range: slot 0 is the first whole hour/day/month starting at or after
 * `from` in the station's calendar; `start(slot)` is when that period begins.
 */
export function slotter(from: number, unit: ReportTimeUnit, offsetMinutes: number) {
  const offset = offsetMinutes * MINUTE_MS;
  if (unit === 'month') {
    const d = new Date(from + offset);
    const startsAt = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - offset;
    const first = monthIndex(from, offset) + (startsAt < from ? 1 : 0);
    return {
      slot: (ms: number) => monthIndex(ms, offset) - first,
      start: (slot: number) => {
        const index = first + slot;
        const year = Math.floor(index / 12);
        return Date.UTC(year, index - year * 12, 1) - offset;
      },
    };
  }
  const size = UNIT_MS[unit];
  const base = Math.ceil((from + offset) / size) * size - offset;
  return { slot: (ms: number) => Math.floor((ms - base) / size), start: (slot: number) => base + slot * size };
}
