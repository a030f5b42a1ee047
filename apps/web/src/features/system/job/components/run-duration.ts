const SECOND_MS = 1_000;
const MINUTE_S = 60;
const HOUR_S = 3_600;

/** How long a run took, as an i18n key of the `job.duration` group with its values (whole units, rounded down). */
export function runDuration(ms: number): { key: string; values: Record<string, number> } {
  if (ms < SECOND_MS) return { key: 'job.duration.millis', values: { ms: Math.max(0, Math.round(ms)) } };
  const total = Math.floor(ms / SECOND_MS);
  if (total < MINUTE_S) return { key: 'job.duration.seconds', values: { s: total } };
  if (total < HOUR_S)
    return { key: 'job.duration.minutes', values: { m: Math.floor(total / MINUTE_S), s: total % MINUTE_S } };
  return {
    key: 'job.duration.hours',
    values: { h: Math.floor(total / HOUR_S), m: Math.floor((total % HOUR_S) / MINUTE_S) },
  };
}
