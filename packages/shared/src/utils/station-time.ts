import type { Language } from '../i18n/languages.js';
import { MINUTE_MS } from './time-units.js';

/**
 * One rule for the data's time on every screen and in every file: a time a station reported or caused
 * (a measurement's period, a packet's arrival, an alarm) is written in the station's own zone — its
 * utcOffsetMinutes, the clock its packets' DataTime is read in — so a screen and an exported workbook
 * name the same hour wherever they are read. The text is the same numeric order in both languages
 * (2026-11-26 05:00:00): what the spec's tables show, unambiguous, and it sorts as text; the words
 * around it (a column title naming the zone) follow the language.
 */

/** The zone a station gets when none is given (HJ 212 stations send Beijing time), and the zone of a packet from no known station. */
export const DEFAULT_UTC_OFFSET_MINUTES = 480;

/** How much of a time a screen or a file shows: a realtime value to the second, an hour's period to the minute, a day's to the day … */
export type TimePrecision = 'second' | 'minute' | 'day' | 'month' | 'year';

const MINUTES_PER_HOUR = 60;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as the station's clock reads it: YYYY-MM-DD HH:mm:ss, cut to the precision. */
export function formatStationTime(ms: number, utcOffsetMinutes: number, precision: TimePrecision = 'second'): string {
  const d = new Date(ms + utcOffsetMinutes * MINUTE_MS);
  const year = pad(d.getUTCFullYear(), 4);
  if (precision === 'year') return year;
  const month = `${year}-${pad(d.getUTCMonth() + 1)}`;
  if (precision === 'month') return month;
  const day = `${month}-${pad(d.getUTCDate())}`;
  if (precision === 'day') return day;
  const minute = `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return precision === 'minute' ? minute : `${minute}:${pad(d.getUTCSeconds())}`;
}

/** A zone as UTC±hh:mm (Beijing: 480 → UTC+08:00). */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / MINUTES_PER_HOUR))}:${pad(abs % MINUTES_PER_HOUR)}`;
}

/** A station time followed by its zone, for a place where the reader's zone is not the station's. */
export function formatStationTimeWithZone(
  ms: number,
  utcOffsetMinutes: number,
  precision: TimePrecision = 'second',
): string {
  return `${formatStationTime(ms, utcOffsetMinutes, precision)} ${formatUtcOffset(utcOffsetMinutes)}`;
}

/** A title naming the zone its times are in, punctuated the language's way: 数据时间（UTC+08:00）, Data time (UTC+08:00). */
export function titleWithZone(title: string, utcOffsetMinutes: number, language: Language): string {
  const zone = formatUtcOffset(utcOffsetMinutes);
  return language === 'zh-CN' ? `${title}（${zone}）` : `${title} (${zone})`;
}

/**
 * The data-time column of an export. A file has no reader's zone (it is opened anywhere, later), so its
 * times are always the station's and the zone is always named: in the title when every station of the
 * export shares one zone, else beside each time.
 */
export function exportTimeColumn(
  title: string,
  utcOffsets: readonly number[],
  language: Language,
): { title: string; format: (ms: number, utcOffsetMinutes: number, precision?: TimePrecision) => string } {
  const zones = [...new Set(utcOffsets)];
  const [only] = zones;
  if (zones.length === 1 && only !== undefined) {
    return { title: titleWithZone(title, only, language), format: formatStationTime };
  }
  return { title, format: formatStationTimeWithZone };
}
