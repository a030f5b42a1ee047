import { DAY_MS, MINUTE_MS } from '@envmon/shared';

/** How much the workbench shows at once: a day or a month (of hours or of days). */
export const AUDIT_PERIODS = ['day', 'month'] as const;
export type AuditPeriod = (typeof AUDIT_PERIODS)[number];

/** A calendar date as the picker gives it (month 0–11), without a zone. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * The data times [from, to) of a day or a month on the station's clock: its midnight is UTC midnight less its
 * offset, so a Beijing station's 1 March starts at 16:00 UTC on 28 February, whatever the browser's zone.
 */
export function auditRange(
  date: CalendarDate,
  period: AuditPeriod,
  utcOffsetMinutes: number,
): { from: number; to: number } {
  const offset = utcOffsetMinutes * MINUTE_MS;
  switch (period) {
    case 'day': {
      const from = Date.UTC(date.year, date.month, date.day) - offset;
      return { from, to: from + DAY_MS };
    }
    case 'month':
      return {
        from: Date.UTC(date.year, date.month, 1) - offset,
        to: Date.UTC(date.year, date.month + 1, 1) - offset,
      };
  }
}

/** The start of the station day a data time falls in: what approving a day names. */
export function stationDayStart(dataTime: number, utcOffsetMinutes: number): number {
  const offset = utcOffsetMinutes * MINUTE_MS;
  return Math.floor((dataTime + offset) / DAY_MS) * DAY_MS - offset;
}

/** Rows of hour data per station day: a page of the grid's keyboard (PageUp/PageDown). */
export const HOURS_PER_DAY = 24;
