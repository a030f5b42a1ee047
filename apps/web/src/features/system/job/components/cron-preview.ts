import { cronSchema, issueMessage, JOB_LIMITS, nextRunTimes, timeZoneSchema } from '@envmon/shared';

/** What the cron helper shows: the next planned times, or why there are none. */
export type CronPreview =
  | { kind: 'times'; times: readonly number[] }
  /** `key`: the validation message (an i18n key) of the cron or the time zone. */
  | { kind: 'invalid'; key: string; values: Record<string, number> };

/**
 * The next JOB_LIMITS.previewRuns planned times of a cron read in a time zone, after `now` — checked with the same
 * schemas the server checks the job with, so the helper and the save agree on what is valid.
 */
export function cronPreview(cron: string, timeZone: string, now: number): CronPreview {
  for (const [schema, value] of [
    [cronSchema, cron],
    [timeZoneSchema, timeZone],
  ] as const) {
    const parsed = schema.safeParse(value);
    const [issue] = parsed.error?.issues ?? [];
    if (issue) return { kind: 'invalid', ...issueMessage(issue) };
  }
  return { kind: 'times', times: nextRunTimes(cron.trim(), timeZone.trim(), now, JOB_LIMITS.previewRuns) };
}

/** A time zone's offset from UTC at an instant, as GMT±hh:mm (e.g. GMT+08:00). */
export function zoneOffset(timeZone: string, epochMs: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(epochMs);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * The time zones offered: the platform's own first, then the zones stations and operators are commonly in. A job
 * saved with another (through the API) keeps it: the form adds the job's own to the list.
 */
export const COMMON_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Singapore',
  'Asia/Bangkok',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/Moscow',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/London',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'UTC',
] as const;

/** The zones to choose from, labelled with their offset now; `current` (a job's own) is kept when it is not common. */
export function timeZoneOptions(current: string | null | undefined, now: number): { value: string; label: string }[] {
  const zones: string[] = [...COMMON_TIME_ZONES];
  if (current && !zones.includes(current)) zones.unshift(current);
  return zones.map((zone) => {
    let offset: string;
    try {
      offset = zoneOffset(zone, now);
    } catch {
      // A zone this browser does not know is still shown, without its offset.
      return { value: zone, label: zone };
    }
    return { value: zone, label: `${zone} (${offset})` };
  });
}
