import { isDigits } from './scan.js';

/** The number written by the decimal digits `text[from, to)` (the caller checked they are digits). */
function digitsValue(text: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) n = n * 10 + text.charCodeAt(k) - 0x30;
  return n;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Reads a 14- or 17-digit HJ 212 time (`YYYYMMDDhhmmss[zzz]`) as an instant. The standard names no zone; stations
 * send Beijing time, so the offset defaults to +08:00. Returns undefined for malformed or impossible times, and for
 * years before 100 (which `Date.UTC` would read as 19xx). Read digit by digit: every upload's DataTime comes here.
 */
export function parseHj212Time(text: string, utcOffsetMinutes = 480): Date | undefined {
  if (!isDigits(text, 14, 14) && !isDigits(text, 17, 17)) return undefined;
  const year = digitsValue(text, 0, 4);
  const month = digitsValue(text, 4, 6);
  const day = digitsValue(text, 6, 8);
  const hour = digitsValue(text, 8, 10);
  const minute = digitsValue(text, 10, 12);
  const second = digitsValue(text, 12, 14);
  if (year < 100 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const daysInMonth = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  if (day > daysInMonth) return undefined;
  const ms = text.length === 17 ? digitsValue(text, 14, 17) : 0;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - utcOffsetMinutes * 60_000);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** An instant as a station's clock shows it: `YYYYMMDDhhmmss`, or 17 digits with milliseconds (the QN form). */
export function formatHj212Time(ms: number, utcOffsetMinutes = 480, withMillis = false): string {
  const d = new Date(Math.floor(ms) + utcOffsetMinutes * 60_000);
  const text =
    pad(d.getUTCFullYear(), 4) +
    pad(d.getUTCMonth() + 1) +
    pad(d.getUTCDate()) +
    pad(d.getUTCHours()) +
    pad(d.getUTCMinutes()) +
    pad(d.getUTCSeconds());
  return withMillis ? text + pad(d.getUTCMilliseconds(), 3) : text;
}
