/**
 * Reads a 14- or 17-digit HJ 212 time (`YYYYMMDDhhmmss[zzz]`) as an instant. The standard names no zone; stations
 * send Beijing time, so the offset defaults to +08:00. Returns undefined for malformed or impossible times.
 */
export function parseHj212Time(text: string, utcOffsetMinutes = 480): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{3})?$/.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = m[7] === undefined ? 0 : Number(m[7]);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    return undefined;
  }
  return new Date(utc - utcOffsetMinutes * 60_000);
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
