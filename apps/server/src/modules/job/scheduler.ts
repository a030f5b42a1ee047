import type { FastifyBaseLogger } from 'fastify';
import type { Leadership } from '../../cluster/leadership.js';
import type { Clock } from '../../lib/clock.js';
import type { JobRepository, JobRow } from './job.repository.js';
import type { JobRunner } from './job-runner.js';
import { misfireDecision, nextRunTime, systemTimers, type Timers } from './schedule.js';

/**
 * A planned time reached less than this long ago is due, not missed: the timer fires a little late, a tick under
 * load later still. Older ones were missed (the scheduler was down) and follow the job's misfire policy.
 */
export const DUE_GRACE_MS = 60_000;
/** The scheduler looks at the jobs at least this often: edits made through another process are seen within it. */
export const SCHEDULER_POLL_MS = 30_000;

export interface SchedulerDeps {
  repo: JobRepository;
  runner: JobRunner;
  clock: Clock;
  /** Whether this process is the cluster's scheduler (one process: always). */
  leadership: Leadership;
  log: FastifyBaseLogger;
  timers?: Timers;
  pollMs?: number;
}

/**
 * The `scheduler` service (issue 21): fires the running jobs on their cron read in their time zone, on the elected
 * process only. Each planned time is taken by moving the job's last planned time forward in the database (compare
 * and set) and recorded as a run unique per job × planned time, so two schedulers on one database fire it once.
 * After downtime the missed planned times run once or are skipped, as each job says.
 */
export class Scheduler {
  private timer: unknown = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private unlisten: () => void = () => undefined;

  constructor(private readonly deps: SchedulerDeps) {}

  start(): void {
    this.unlisten = this.deps.leadership.onChange((leader) => {
      if (leader) this.kick();
    });
    this.kick();
  }

  /** Looks at the jobs now (a job was saved, paused or resumed; the timer fired; leadership was won). */
  kick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((err: unknown) => {
        this.deps.log.error({ err }, 'the scheduler could not look at the jobs; trying again');
        return null;
      })
      .then((next) => {
        this.ticking = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.wake(next);
        }
      });
  }

  /** One look at every running job, firing what is due (tests call it after moving the clock). */
  async tick(): Promise<number | null> {
    if (this.stopped || !this.deps.leadership.isLeader()) return null;
    let soonest: number | null = null;
    for (const job of await this.deps.repo.running()) {
      if (this.stopped) break;
      try {
        const next = await this.evaluate(job);
        if (next !== null && (soonest === null || next < soonest)) soonest = next;
      } catch (err) {
        this.deps.log.error({ err, jobId: job.id }, `job '${job.name}' could not be scheduled`);
      }
    }
    return soonest;
  }

  /** Stops firing, then stops the runs under way (they get a few seconds to end). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unlisten();
    if (this.timer !== null) (this.deps.timers ?? systemTimers).clearTimeout(this.timer);
    await this.ticking;
    await this.deps.runner.stop();
  }

  private wake(next: number | null): void {
    if (this.stopped) return;
    const timers = this.deps.timers ?? systemTimers;
    if (this.timer !== null) timers.clearTimeout(this.timer);
    const poll = this.deps.pollMs ?? SCHEDULER_POLL_MS;
    const delay = next === null ? poll : Math.min(poll, Math.max(0, next - this.deps.clock.now()));
    this.timer = timers.setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
  }

  /** Fires the job if a planned time is due (or was missed); answers its next planned time. */
  private async evaluate(job: JobRow): Promise<number | null> {
    const { repo, runner, clock } = this.deps;
    const now = clock.now();
    const { cron, timeZone } = job;
    const stored = job.lastPlannedTime === null ? null : Number(job.lastPlannedTime);
    let base = stored ?? Number(job.createTime);
    const decision = misfireDecision({
      cron,
      timeZone,
      lastPlannedTime: base,
      now: now - DUE_GRACE_MS,
      policy: job.misfirePolicy === 'skip' ? 'skip' : 'runOnce',
    });
    switch (decision.action) {
      case 'runOnce': {
        // One run for every planned time reached since, recorded under the first one missed; the schedule then
        // counts from now.
        if (!(await repo.advance(job.id, stored, now))) return null;
        await runner.start(job, decision.plannedTime, null);
        return nextRunTime(cron, timeZone, now);
      }
      case 'skip': {
        // The missed ones are recorded as one skipped run; one due within the grace still fires.
        base = now - DUE_GRACE_MS;
        if (!(await repo.advance(job.id, stored, base))) return null;
        await repo.recordRun({
          jobId: job.id,
          plannedTime: decision.lastMissed,
          startTime: now,
          nodeId: runner.nodeId,
          end: {
            endTime: now,
            outcome: 'skipped',
            summary: 'skipped: planned times missed while the scheduler was down (misfire policy: skip)',
            log: '',
          },
        });
        return this.fireDue(job, base, base, now);
      }
      case 'wait':
        return this.fireDue(job, stored, base, now);
    }
  }

  /** Fires the planned time after `base` when it is reached. */
  private async fireDue(job: JobRow, stored: number | null, base: number, now: number): Promise<number | null> {
    const next = nextRunTime(job.cron, job.timeZone, base);
    if (next === null || next > now) return next;
    if (!(await this.deps.repo.advance(job.id, stored, next))) return null;
    await this.deps.runner.start(job, next, null);
    return nextRunTime(job.cron, job.timeZone, next);
  }
}
