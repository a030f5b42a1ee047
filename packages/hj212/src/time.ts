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
