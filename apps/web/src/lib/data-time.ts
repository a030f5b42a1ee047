import { formatStationTime, formatStationTimeWithZone, type TimePrecision } from '@envmon/shared';
import { EMPTY_CELL } from '../components/crud/constants';

/** The browser's own offset at that instant (summer time included), in minutes east of UTC. */
export function browserOffsetAt(epochMs: number): number {
  return -new Date(epochMs).getTimezoneOffset();
}

/**
 * A data time (what a station reported or caused) as every screen shows it: on the station's clock, the
 * same text its export writes (see packages/shared utils/station-time.ts), followed by the station's zone
 * when the user's browser is in another zone at that instant — so 05:00 never silently means two hours.
 * Platform times (a log entry, a record's update) stay in the user's zone: formatDateTime in lib/dayjs.
 */
export function formatDataTime(
  epochMs: number | null | undefined,
  utcOffsetMinutes: number,
  precision: TimePrecision = 'second',
): string {
  if (epochMs === null || epochMs === undefined) return EMPTY_CELL;
  return browserOffsetAt(epochMs) === utcOffsetMinutes
    ? formatStationTime(epochMs, utcOffsetMinutes, precision)
    : formatStationTimeWithZone(epochMs, utcOffsetMinutes, precision);
}
