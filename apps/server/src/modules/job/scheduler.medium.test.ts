import type { JobInput, JobType } from '@envmon/shared';
import { jobInputSchema } from '@envmon/shared';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { soleLeadership } from '../../cluster/leadership.js';
import { openDatabase } from '../../db/connection.js';
import { ManualClock } from '../../lib/clock.js';
import { useTestApp } from '../../test/harness.js';
import type { JobActionResult, JobActions, JobRunContext } from './job-action.js';
import { JobRepository } from './job.repository.js';
import { JobRunner } from './job-runner.js';
import { Scheduler } from './scheduler.js';
import type { Timers } from './schedule.js';

/** Timers that never fire: the tests tick the scheduler themselves after moving the clock. */
const heldTimers: Timers = { setTimeout: () => 0, clearTimeout: () => undefined };

const silent = pino({ level: 'silent' });

/** What the fake actions saw, and how they behave: each call waits for `gate` when one is set. */
class ActionProbe {
  calls: { type: JobType; jobId: number; at: number; signal: AbortSignal }[] = [];
  gate: Promise<void> | null = null;

  actions(): JobActions {
    const act =
      (type: JobType) =>
      async (run: JobRunContext<unknown>): Promise<JobActionResult> => {
        this.calls.push({ type, jobId: run.jobId, at: run.at, signal: run.signal });
        run.log.info(`${type} for ${run.devices.length} devices`);
        if (this.gate) await this.gate;
        return { summary: `${type} done` };
      };
    return {
      gapFill: act('gapFill'),
      report: act('report'),
      clockSync: act('clockSync'),
      retention: act('retention'),
      offlineCheck: act('offlineCheck'),
    };
  }
}

const job = (overrides: Partial<JobInput> & Pick<JobInput, 'name' | 'cron'>): JobInput =>
  jobInputSchema.parse({ timeZone: 'UTC', type: 'clockSync', params: {}, status: 'running', ...overrides });

describe('the scheduler (two schedulers on one database, a controllable clock)', () => {
  const t = useTestApp();
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 0, 0));
  const handles: ReturnType<typeof openDatabase>[] = [];
  let repo: JobRepository;
  let probe: ActionProbe;

  const scheduler = (nodeId: string, options: { timers?: Timers } = {}) => {
    const handle = openDatabase(t().config.database);
    handles.push(handle);
    const ownRepo = new JobRepository(handle.db);
    const runner = new JobRunner({
      repo: ownRepo,
      actions: probe.actions(),
      clock,
      nodeId,
      log: silent,
      ...(options.timers ? { timers: options.timers } : {}),
    });
    return {
      runner,
      scheduler: new Scheduler({
        repo: ownRepo,
        runner,
        clock,
        leadership: soleLeadership(),
        log: silent,
        timers: heldTimers,
      }),
    };
  };

  const add = async (input: JobInput) => {
    const { params, jobId: _id, ...rest } = input;
    return repo.insert(
      {
        ...rest,
        concurrent: rest.concurrent ? 1 : 0,
        params: JSON.stringify(params),
        remark: null,
      },
      'admin',
      clock.now(),
    );
  };

  /** Moves the test clock to an instant (backwards too: each test's jobs count from their own creation). */
  const at = (iso: string) => clock.advance(Date.parse(iso) - clock.now());

  const runsOf = async (jobId: number) =>
    (await repo.listRuns(jobId, { pageNum: 1, pageSize: 200 })).rows.map((r) => ({
      plannedTime: r.plannedTime === null ? null : new Date(Number(r.plannedTime)).toISOString(),
      outcome: r.outcome,
      summary: r.summary,
    }));

  beforeAll(() => {
    const handle = openDatabase(t().config.database);
    handles.push(handle);
    repo = new JobRepository(handle.db);
  });

  afterAll(async () => {
    for (const handle of handles) await handle.db.destroy();
  });

  beforeEach(async () => {
    probe = new ActionProbe();
    // Each test's jobs alone: those of the tests before are paused.
    await handles[0]?.db.updateTable('jobs').set({ status: 'paused' }).execute();
  });

  it('fires a daily cron at its time in the job time zone, once, with the planned time as the run instant', async () => {
    at('2026-03-01T00:00:00Z'); // 08:00 in Shanghai
    const id = await add(job({ name: 'sync at 02:00 Shanghai', cron: '0 2 * * *', timeZone: 'Asia/Shanghai' }));
    const { scheduler: s, runner } = scheduler('node-a');
    // Next: 02:00 Shanghai on 2 March = 18:00 UTC on 1 March.
    expect(await s.tick()).toBe(Date.UTC(2026, 2, 1, 18, 0));
    at('2026-03-01T17:59:00Z'); // not yet
    await s.tick();
    expect(probe.calls).toEqual([]);
    at('2026-03-01T18:00:00.250Z'); // due (a timer fires a little late)
    await s.tick();
    await s.tick();
    await runner.idle();
    expect(probe.calls.map((c) => [c.jobId, new Date(c.at).toISOString()])).toEqual([[id, '2026-03-01T18:00:00.000Z']]);
    expect(await runsOf(id)).toEqual([
      { plannedTime: '2026-03-01T18:00:00.000Z', outcome: 'success', summary: 'clockSync done' },
    ]);
    const [run] = (await repo.listRuns(id, { pageNum: 1, pageSize: 1 })).rows;
    expect(run?.log).toMatch(/clockSync for \d+ devices$/);
  });

  it('after downtime runs the missed planned times once (runOnce) or records them skipped (skip)', async () => {
    at('2026-03-01T18:30:00Z');
    const once = await add(job({ name: 'hourly once', cron: '0 * * * *', misfirePolicy: 'runOnce' }));
    const skip = await add(job({ name: 'hourly skip', cron: '0 * * * *', misfirePolicy: 'skip' }));
    const { scheduler: s, runner } = scheduler('node-a');
    // Down for three and a half hours: 19:00, 20:00, 21:00 and 22:00 were missed (it is 22:30).
    at('2026-03-01T22:30:00.250Z');
    await s.tick();
    await s.tick();
    await runner.idle();
    expect(probe.calls.map((c) => c.jobId)).toEqual([once]);
    expect(await runsOf(once)).toEqual([
      { plannedTime: '2026-03-01T19:00:00.000Z', outcome: 'success', summary: 'clockSync done' },
    ]);
    expect(await runsOf(skip)).toEqual([
      {
        plannedTime: '2026-03-01T22:00:00.000Z',
        outcome: 'skipped',
        summary: 'skipped: planned times missed while the scheduler was down (misfire policy: skip)',
      },
    ]);
    // Both carry on at the next planned time.
    at('2026-03-01T23:00:00.250Z');
    await s.tick();
    await runner.idle();
    expect((await runsOf(once))[0]?.plannedTime).toBe('2026-03-01T23:00:00.000Z');
    expect((await runsOf(skip))[0]).toMatchObject({ plannedTime: '2026-03-01T23:00:00.000Z', outcome: 'success' });
  });

  it('does not overlap runs unless the job allows it', async () => {
    at('2026-03-02T00:00:00Z');
    const single = await add(job({ name: 'single', cron: '*/10 * * * *' }));
    const parallel = await add(job({ name: 'parallel', cron: '*/10 * * * *', concurrent: true }));
    const { scheduler: s, runner } = scheduler('node-a');
    let release = (): void => undefined;
    probe.gate = new Promise<void>((resolve) => (release = resolve));
    at('2026-03-02T00:10:00.250Z');
    await s.tick();
    at('2026-03-02T00:20:00.250Z'); // the first runs still go on
    await s.tick();
    // The actions start a few turns after the runs are recorded.
    await vi.waitFor(() => expect(probe.calls).toHaveLength(3));
    expect(probe.calls.map((c) => c.jobId).sort()).toEqual([single, parallel, parallel].sort());
    release();
    await runner.idle();
    expect(await runsOf(single)).toEqual([
      {
        plannedTime: '2026-03-02T00:20:00.000Z',
        outcome: 'skipped',
        summary: 'skipped: the previous run was still running',
      },
      { plannedTime: '2026-03-02T00:10:00.000Z', outcome: 'success', summary: 'clockSync done' },
    ]);
    expect((await runsOf(parallel)).map((r) => r.outcome)).toEqual(['success', 'success']);
  });

  it('settles a run that outlasts its time-out as timeout and aborts its signal', async () => {
    at('2026-03-03T00:00:00Z');
    const slow = await add(job({ name: 'slow', cron: '*/10 * * * *', timeoutSeconds: 1 }));
    const { scheduler: s, runner } = scheduler('node-a');
    probe.gate = new Promise<void>(() => undefined); // never ends by itself
    at('2026-03-03T00:10:00.250Z');
    await s.tick();
    await runner.idle();
    expect(await runsOf(slow)).toEqual([
      { plannedTime: '2026-03-03T00:10:00.000Z', outcome: 'timeout', summary: 'timed out after 1 s' },
    ]);
    expect(probe.calls[0]?.signal.aborted).toBe(true);
  });

  it('two schedulers on one database fire each planned time once', async () => {
    at('2026-03-04T00:00:00Z');
    const id = await add(job({ name: 'every minute', cron: '* * * * *' }));
    const a = scheduler('node-a');
    const b = scheduler('node-b');
    for (let minute = 1; minute <= 5; minute++) {
      at(`2026-03-04T00:0${minute}:00.250Z`);
      await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick(), b.scheduler.tick()]);
      await Promise.all([a.runner.idle(), b.runner.idle()]);
    }
    const runs = await runsOf(id);
    expect(runs.map((r) => r.plannedTime)).toEqual([
      '2026-03-04T00:05:00.000Z',
      '2026-03-04T00:04:00.000Z',
      '2026-03-04T00:03:00.000Z',
      '2026-03-04T00:02:00.000Z',
      '2026-03-04T00:01:00.000Z',
    ]);
    expect(runs.every((r) => r.outcome === 'success')).toBe(true);
    expect(probe.calls.filter((c) => c.jobId === id)).toHaveLength(5);
  });

  it('on stop, a run that does not end is recorded as interrupted and its signal aborted', async () => {
    at('2026-03-05T00:00:00Z');
    const id = await add(job({ name: 'stuck', cron: '*/10 * * * *', timeoutSeconds: 3600 }));
    const { scheduler: s } = scheduler('node-a');
    probe.gate = new Promise<void>(() => undefined);
    at('2026-03-05T00:10:00.250Z');
    await s.tick();
    await vi.waitFor(() => expect(probe.calls).toHaveLength(1));
    await s.stop();
    expect(probe.calls[0]?.signal.aborted).toBe(true);
    expect(await runsOf(id)).toEqual([
      {
        plannedTime: '2026-03-05T00:10:00.000Z',
        outcome: 'failed',
        summary: 'interrupted: the server stopped before the run ended',
      },
    ]);
    // A stopped scheduler fires nothing more.
    at('2026-03-05T00:20:00.250Z');
    await s.tick();
    expect(probe.calls).toHaveLength(1);
  });
});
