import { describe, expect, it } from 'vitest';
import { jobInputSchema, jobRunSchema, JOB_LIMITS, nextRunTimes } from '@envmon/shared';
import { mayStart, misfireDecision, nextRunTime, runWithTimeout, type Timers } from './schedule.js';

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

describe('next run times', () => {
  it('reads a daily cron in the job time zone: midnight in Shanghai is 16:00 UTC the day before', () => {
    const after = Date.UTC(2026, 0, 1, 15, 0); // 23:00 in Shanghai
    expect(iso(nextRunTime('0 0 * * *', 'Asia/Shanghai', after))).toBe('2026-01-01T16:00:00.000Z');
    expect(iso(nextRunTime('0 0 * * *', 'UTC', after))).toBe('2026-01-02T00:00:00.000Z');
  });

  it('gives the next five for the cron helper, strictly after the instant', () => {
    const after = Date.UTC(2026, 0, 1, 16, 0); // exactly a planned time: not repeated
    expect(nextRunTimes('0 0 * * *', 'Asia/Shanghai', after, JOB_LIMITS.previewRuns).map(iso)).toEqual([
      '2026-01-02T16:00:00.000Z',
      '2026-01-03T16:00:00.000Z',
      '2026-01-04T16:00:00.000Z',
      '2026-01-05T16:00:00.000Z',
      '2026-01-06T16:00:00.000Z',
    ]);
  });

  it('keeps local wall time across a DST change (Europe/Berlin, 29 March 2026)', () => {
    const after = Date.UTC(2026, 2, 27, 12, 0);
    expect(nextRunTimes('0 6 * * *', 'Europe/Berlin', after, 3).map(iso)).toEqual([
      '2026-03-28T05:00:00.000Z', // CET, UTC+1
      '2026-03-29T04:00:00.000Z', // CEST, UTC+2
      '2026-03-30T04:00:00.000Z',
    ]);
  });
});

describe('job input schema', () => {
  const base = { name: 'nightly gaps', cron: '0 2 * * *', timeZone: 'Asia/Shanghai', type: 'gapFill', params: {} };

  it('accepts a valid job and fills defaults', () => {
    const job = jobInputSchema.parse(base);
    expect(job).toMatchObject({
      jobGroup: 'DEFAULT',
      status: 'paused',
      misfirePolicy: 'runOnce',
      concurrent: false,
      timeoutSeconds: JOB_LIMITS.defaultTimeoutSeconds,
      type: 'gapFill',
      params: { windowHours: 48, granules: ['hour'] },
    });
  });

  it('refuses an invalid cron and an unknown time zone', () => {
    expect(jobInputSchema.safeParse({ ...base, cron: '61 * * * *' }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, cron: 'every night' }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, timeZone: 'Europe/Berlin' }).success).toBe(true);
  });

  it('validates params per type', () => {
    expect(jobInputSchema.safeParse({ ...base, params: { windowHours: 10_000 } }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, type: 'report', params: {} }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, type: 'report', params: { reportKind: 'summary' } }).success).toBe(true);
    expect(jobInputSchema.safeParse({ ...base, type: 'clockSync', params: { windowHours: 1 } }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, type: 'retention', params: { originalDays: 1 } }).success).toBe(false);
    expect(jobInputSchema.safeParse({ ...base, type: 'nope', params: {} }).success).toBe(false);
  });

  it('bounds a run record log', () => {
    const run = {
      runId: 1,
      jobId: 1,
      plannedTime: null,
      startTime: 0,
      endTime: 1,
      outcome: 'success',
      summary: 'ok',
      log: ['a'],
      startedBy: 'admin',
      fileName: null,
    };
    expect(jobRunSchema.safeParse(run).success).toBe(true);
    expect(jobRunSchema.safeParse({ ...run, log: Array(JOB_LIMITS.logLinesMax + 1).fill('x') }).success).toBe(false);
    expect(jobRunSchema.safeParse({ ...run, outcome: 'maybe' }).success).toBe(false);
  });
});

describe('misfire after downtime', () => {
  const hourly = { cron: '0 * * * *', timeZone: 'UTC' };
  const lastPlannedTime = Date.UTC(2026, 0, 1, 8, 0);
  const now = Date.UTC(2026, 0, 1, 11, 30); // 09:00, 10:00 and 11:00 were missed

  it('runOnce runs the first missed planned time once, then waits for the next', () => {
    expect(misfireDecision({ ...hourly, lastPlannedTime, now, policy: 'runOnce' })).toEqual({
      action: 'runOnce',
      plannedTime: Date.UTC(2026, 0, 1, 9, 0),
      nextRunTime: Date.UTC(2026, 0, 1, 12, 0),
    });
  });

  it('skip records the last missed planned time and waits for the next', () => {
    expect(misfireDecision({ ...hourly, lastPlannedTime, now, policy: 'skip' })).toEqual({
      action: 'skip',
      lastMissed: Date.UTC(2026, 0, 1, 11, 0),
      nextRunTime: Date.UTC(2026, 0, 1, 12, 0),
    });
  });

  it('waits when nothing was missed (a planned time equal to now is due, not missed)', () => {
    const at = Date.UTC(2026, 0, 1, 8, 40);
    expect(misfireDecision({ ...hourly, lastPlannedTime, now: at, policy: 'runOnce' })).toEqual({
      action: 'wait',
      nextRunTime: Date.UTC(2026, 0, 1, 9, 0),
    });
    const due = Date.UTC(2026, 0, 1, 9, 0);
    expect(misfireDecision({ ...hourly, lastPlannedTime, now: due, policy: 'skip' }).action).toBe('wait');
  });

  it('reads the missed times in the job time zone', () => {
    // Daily at 02:00 Shanghai = 18:00 UTC; down from before 18:00 on the 1st to 19:00 on the 1st.
    const decision = misfireDecision({
      cron: '0 2 * * *',
      timeZone: 'Asia/Shanghai',
      lastPlannedTime: Date.UTC(2025, 11, 31, 18, 0),
      now: Date.UTC(2026, 0, 1, 19, 0),
      policy: 'runOnce',
    });
    expect(decision).toEqual({
      action: 'runOnce',
      plannedTime: Date.UTC(2026, 0, 1, 18, 0),
      nextRunTime: Date.UTC(2026, 0, 2, 18, 0),
    });
  });
});

describe('overlap', () => {
  it('refuses a second run unless the job allows concurrent runs', () => {
    expect(mayStart({ concurrent: false }, 0)).toBe(true);
    expect(mayStart({ concurrent: false }, 1)).toBe(false);
    expect(mayStart({ concurrent: true }, 1)).toBe(true);
  });
});

/** Timers fired by hand. */
class FakeTimers implements Timers {
  private pending = new Map<number, () => void>();
  private nextId = 1;
  setTimeout(fn: () => void): number {
    const id = this.nextId++;
    this.pending.set(id, fn);
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  fireAll(): void {
    const fns = [...this.pending.values()];
    this.pending.clear();
    for (const fn of fns) fn();
  }
  get count(): number {
    return this.pending.size;
  }
}

describe('time-out', () => {
  it('settles a run that does not finish as timeout and aborts its signal', async () => {
    const timers = new FakeTimers();
    let signal: AbortSignal | undefined;
    const settled = runWithTimeout(
      (s) => {
        signal = s;
        return new Promise<never>(() => undefined);
      },
      1000,
      timers,
    );
    timers.fireAll();
    await expect(settled).resolves.toEqual({ outcome: 'timeout' });
    expect(signal?.aborted).toBe(true);
  });

  it('settles success or failed and clears the timer', async () => {
    const timers = new FakeTimers();
    await expect(runWithTimeout(() => Promise.resolve(7), 1000, timers)).resolves.toEqual({
      outcome: 'success',
      value: 7,
    });
    expect(timers.count).toBe(0);
    const error = new Error('station unreachable');
    await expect(runWithTimeout(() => Promise.reject(error), 1000, timers)).resolves.toEqual({
      outcome: 'failed',
      error,
    });
    await expect(
      runWithTimeout(
        () => {
          throw error;
        },
        1000,
        timers,
      ),
    ).resolves.toEqual({ outcome: 'failed', error });
    expect(timers.count).toBe(0);
  });

  it('a late finish after the time-out does not change the outcome', async () => {
    const timers = new FakeTimers();
    let finish: (v: number) => void = () => undefined;
    const settled = runWithTimeout(() => new Promise<number>((r) => (finish = r)), 1000, timers);
    timers.fireAll();
    finish(1);
    await expect(settled).resolves.toEqual({ outcome: 'timeout' });
  });
});
