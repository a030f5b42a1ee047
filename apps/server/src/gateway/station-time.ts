const MINUTE_MS = 60_000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** An instant as the station's clock shows it: `YYYYMMDDhhmmss`, or 17 digits with milliseconds. */
export function formatStationTime(ms: number, utcOffsetMinutes: number, withMillis = false): string {
  const d = new Date(ms + utcOffsetMinutes * MINUTE_MS);
  const text =
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return withMillis ? `${text}${pad(d.getUTCMilliseconds(), 3)}` : text;
}

/**
 * Request numbers (QN) for packets the platform starts: the time to the millisecond, as the
 * standard asks, made unique by stepping a millisecond past the last one issued.
 */
export class QnGenerator {
  private last = 0;

  constructor(
    private readonly now: () => number,
    private readonly utcOffsetMinutes = 480,
  ) {}

  next(): string {
    this.last = Math.max(this.now(), this.last + 1);
    return formatStationTime(this.last, this.utcOffsetMinutes, true);
  }
}
