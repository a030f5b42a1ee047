const PART_TYPES = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** Formatters by zone: building one is slow, and a screen or a run's log formats many instants of one zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * An instant as the wall clock of an IANA time zone reads it, written as the console writes times
 * (YYYY-MM-DD HH:mm:ss): the job screen's cron helper and the job runs' logs.
 */
export function formatInZone(epochMs: number, timeZone: string): string {
  const parts = formatterOf(timeZone).formatToParts(epochMs);
  const [year, month, day, hour, minute, second] = PART_TYPES.map(
    (type) => parts.find((part) => part.type === type)?.value ?? '',
  );
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}
