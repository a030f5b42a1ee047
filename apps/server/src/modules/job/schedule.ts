import { type JobMisfirePolicy, nextRunTimes } from '@envmon/shared';

/**
 * The scheduler's arithmetic, pure (issue 21): when a cron read in a time zone fires next, what to do about planned
 * times missed during downtime, whether a run may start, and a time-out that settles a run. Times are UTC epoch ms;
 * the runner passes its Clock's now, so tests fix every instant.
 */

/** The next planned time strictly after `after`, or null when there is none. */
export function nextRunTime(cron: string, timeZone: string, after: number): number | null {
  return nextRunTimes(cron, timeZone, after, 1)[0] ?? null;
}

export type MisfireDecision =
  /** Nothing was missed: wait for `nextRunTime`. */
  | { action: 'wait'; nextRunTime: number | null }
  /**
   * Planned times were missed and the policy runs once now. `plannedTime` is the first one missed: every scheduler
   * on the database computes the same, so the run is recorded once (job_runs is unique per job × planned time).
   */
  | { action: 'runOnce'; plannedTime: number; nextRunTime: number | null }
  /** Planned times were missed and are skipped; the last one missed is recorded as the job's last planned time. */
  | { action: 'skip'; lastMissed: number; nextRunTime: number | null };

/** Missed planned times looked at to find the last one; beyond it the last one counted stands (a per-second cron). */
const MISSED_SCAN_MAX = 1000;

/**
 * After downtime: given the planned time last fired (or skipped), now and the job's policy, run once now or skip to
 * the next planned time. A planned time equal to now is due, not missed: the caller fires it as usual.
 */
export function misfireDecision(input: {
  cron: string;
  timeZone: string;
  lastPlannedTime: number;
  now: number;
  policy: JobMisfirePolicy;
}): MisfireDecision {
  const { cron, timeZone, lastPlannedTime, now, policy } = input;
  const nextAfterNow = nextRunTime(cron, timeZone, now);
  const firstMissed = nextRunTime(cron, timeZone, lastPlannedTime);
  if (firstMissed === null || firstMissed >= now) return { action: 'wait', nextRunTime: firstMissed ?? nextAfterNow };
  switch (policy) {
    case 'runOnce':
      return { action: 'runOnce', plannedTime: firstMissed, nextRunTime: nextAfterNow };
    case 'skip': {
      const missed = nextRunTimes(cron, timeZone, lastPlannedTime, MISSED_SCAN_MAX).filter((t) => t < now);
      return { action: 'skip', lastMissed: missed.at(-1) ?? firstMissed, nextRunTime: nextAfterNow };
    }
  }
}

/** A run may start when none of the job's runs is in progress, or when the job allows concurrent runs. */
export function mayStart(job: { concurrent: boolean }, runningCount: number): boolean {
  return job.concurrent || runningCount === 0;
}

export type SettledRun<T> =
  { outcome: 'success'; value: T } | { outcome: 'failed'; error: unknown } | { outcome: 'timeout' };

/** Timers behind an adapter (STYLE.md rule 2); tests pass a fake they fire by hand. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/**
 * Runs `work` with a time-out: settles as 'timeout' when it has not finished in `timeoutMs`, and aborts the signal
 * it was given so the work can stop (a run that ignores it is no longer waited for). Never rejects.
 */
export function runWithTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  timers: Timers = systemTimers,
  /** Aborted when the scheduler stops: the run settles as failed with its reason, and its signal aborts too. */
  stop?: AbortSignal,
): Promise<SettledRun<T>> {
  const controller = new AbortController();
  return new Promise<SettledRun<T>>((resolve) => {
    let settled = false;
    const onStop = () => {
      settle({ outcome: 'failed', error: stop?.reason });
      controller.abort(stop?.reason);
    };
    const settle = (result: SettledRun<T>) => {
      if (settled) return;
      settled = true;
      timers.clearTimeout(handle);
      stop?.removeEventListener('abort', onStop);
      resolve(result);
    };
    stop?.addEventListener('abort', onStop, { once: true });
    const handle = timers.setTimeout(() => {
      settle({ outcome: 'timeout' });
      controller.abort(new Error(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    if (stop?.aborted) onStop();
    let running: Promise<T>;
    try {
      running = work(controller.signal);
    } catch (error) {
      settle({ outcome: 'failed', error });
      return;
    }
    running.then(
      (value) => {
        settle({ outcome: 'success', value });
      },
      (error: unknown) => {
        settle({ outcome: 'failed', error });
      },
    );
  });
}
