import { formatInZone } from '@envmon/shared';

/** What the job actions share: a bounded worker pool that stops with the run, and the words of their log lines. */

/**
 * Runs `work` on each item, at most `limit` at a time; once `signal` aborts no new item is started (those under way
 * finish their step). Resolves when every started item has ended.
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal.aborted) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

/** `3 devices`, `1 device`: the counts of a run's summary. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}

/** An instant as a person of the job's time zone reads it: `2026-03-01 08:00`. */
export function localTime(at: number, timeZone: string): string {
  return formatInZone(at, timeZone).slice(0, 16);
}

/** An error's message for the run's log. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
