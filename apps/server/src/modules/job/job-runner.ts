import { JOB_LIMITS, type JobRunOutcome, type JobTypedParams } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { JobActionResult, JobActions, JobRunContext } from './job-action.js';
import type { JobRepository, JobRow } from './job.repository.js';
import { typedParams } from './job.mapper.js';
import { JobRunLog } from './job-run-log.js';
import { mayStart, runWithTimeout, systemTimers, type Timers } from './schedule.js';
import { messageOf } from './actions/run-helpers.js';

/** A run whose process died is no longer waited for this long after its own time-out. */
const STALE_MARGIN_MS = 60_000;
/** On stop, runs under way get this long to end by themselves before they are recorded as interrupted. */
const STOP_WAIT_MS = 5_000;

const INTERRUPTED = 'interrupted: the server stopped before the run ended';

/** The run's start as the job module answers "run now". */
export interface StartedRun {
  runId: number;
  /** Settles once the run is recorded as ended (never rejects). */
  done: Promise<void>;
}

export interface JobRunnerDeps {
  repo: JobRepository;
  actions: JobActions;
  clock: Clock;
  nodeId: string;
  log: FastifyBaseLogger;
  timers?: Timers;
}

/**
 * Runs one job once — scheduled or by hand — and records it: the run row first (unique per planned time, so a
 * planned time is run once per database), then the action under its time-out, then how it ended, its summary,
 * log and file. Runs of a job do not overlap unless the job allows it.
 */
export class JobRunner {
  private readonly open = new Map<number, { settled: boolean; done: Promise<void> }>();
  private readonly stopping = new AbortController();

  constructor(private readonly deps: JobRunnerDeps) {}

  /** The process the runs are recorded under. */
  get nodeId(): string {
    return this.deps.nodeId;
  }

  /**
   * Starts a run. Null when it is not started: another scheduler recorded this planned time already, or the
   * previous run still goes on (a planned time is then recorded as skipped; a run by hand is refused).
   */
  async start(job: JobRow, plannedTime: number | null, startedBy: string | null): Promise<StartedRun | null> {
    const { repo, clock, nodeId } = this.deps;
    if (this.stopping.signal.aborted) return null;
    const now = clock.now();
    const timeoutMs = job.timeoutSeconds * 1000;
    await repo.endStaleRuns(job.id, now - timeoutMs - STALE_MARGIN_MS, {
      endTime: now,
      outcome: 'failed',
      summary: INTERRUPTED,
      log: '',
    });
    if (
      !mayStart({ concurrent: job.concurrent === 1 }, await repo.openRuns(job.id, now - timeoutMs - STALE_MARGIN_MS))
    ) {
      if (plannedTime === null) throw new DomainError('jobRunning');
      await repo.recordRun({
        jobId: job.id,
        plannedTime,
        startTime: now,
        nodeId,
        end: { endTime: now, outcome: 'skipped', summary: 'skipped: the previous run was still running', log: '' },
      });
      return null;
    }
    const runId = await repo.startRun({ jobId: job.id, plannedTime, startTime: now, startedBy, nodeId });
    if (runId === null) return null;
    const entry = { settled: false, done: Promise.resolve() };
    entry.done = this.execute(job, runId, plannedTime ?? now, entry);
    this.open.set(runId, entry);
    void entry.done.finally(() => this.open.delete(runId));
    return { runId, done: entry.done };
  }

  /** Resolves when every run started so far has ended (tests). */
  async idle(): Promise<void> {
    while (this.open.size > 0) await Promise.all([...this.open.values()].map((r) => r.done));
  }

  /**
   * Graceful stop: no new run starts; those under way are told to stop (their signal aborts) and get a few seconds
   * to end; any still going then is recorded as interrupted.
   */
  async stop(): Promise<void> {
    this.stopping.abort(new Error(INTERRUPTED));
    const timers = this.deps.timers ?? systemTimers;
    let handle: unknown;
    const waited = new Promise<void>((resolve) => (handle = timers.setTimeout(resolve, STOP_WAIT_MS)));
    await Promise.race([this.idle(), waited]);
    timers.clearTimeout(handle);
    const now = this.deps.clock.now();
    for (const [runId, entry] of this.open) {
      if (entry.settled) continue;
      entry.settled = true;
      await this.deps.repo.endRun(runId, { endTime: now, outcome: 'failed', summary: INTERRUPTED, log: '' });
    }
  }

  private async execute(job: JobRow, runId: number, at: number, entry: { settled: boolean }): Promise<void> {
    const { repo, clock, log } = this.deps;
    const runLog = new JobRunLog(clock);
    let outcome: JobRunOutcome = 'failed';
    let summary = '';
    let file: JobActionResult['file'];
    try {
      const devices = await repo.runDevices(job.id);
      const settled = await runWithTimeout(
        (signal) =>
          invoke(this.deps.actions, typedParams(job), {
            jobId: job.id,
            jobName: job.name,
            timeZone: job.timeZone,
            devices,
            at,
            signal,
            log: runLog,
          }),
        job.timeoutSeconds * 1000,
        this.deps.timers ?? systemTimers,
        this.stopping.signal,
      );
      switch (settled.outcome) {
        case 'success':
          outcome = 'success';
          summary = settled.value.summary;
          file = settled.value.file;
          if (file && file.content.length > JOB_LIMITS.runFileMaxBytes) {
            runLog.info(`the file ${file.name} (${file.content.length} bytes) is over the limit and was not kept`);
            file = undefined;
          }
          break;
        case 'failed':
          summary = messageOf(settled.error);
          runLog.info(`failed: ${summary}`);
          break;
        case 'timeout':
          outcome = 'timeout';
          summary = `timed out after ${job.timeoutSeconds} s`;
          runLog.info(summary);
          break;
      }
    } catch (err) {
      summary = messageOf(err);
      runLog.info(`failed: ${summary}`);
    }
    if (entry.settled) return;
    entry.settled = true;
    try {
      await repo.endRun(
        runId,
        { endTime: clock.now(), outcome, summary: bounded(summary), log: runLog.lines().join('\n') },
        file,
      );
      await repo.trimRuns(job.id);
    } catch (err) {
      log.error({ err, jobId: job.id, runId }, 'a job run could not be recorded');
    }
    if (outcome !== 'success') log.warn({ jobId: job.id, runId, outcome, summary }, `job '${job.name}' ${outcome}`);
  }
}

const bounded = (text: string): string =>
  text.length > JOB_LIMITS.summaryMax ? `${text.slice(0, JOB_LIMITS.summaryMax - 1)}…` : text;

/** Hands the run to the action of its type, with the parameters of that type. */
function invoke(
  actions: JobActions,
  typed: JobTypedParams,
  run: Omit<JobRunContext<unknown>, 'params'>,
): Promise<JobActionResult> {
  switch (typed.type) {
    case 'gapFill':
      return actions.gapFill({ ...run, params: typed.params });
    case 'report':
      return actions.report({ ...run, params: typed.params });
    case 'clockSync':
      return actions.clockSync({ ...run, params: typed.params });
    case 'retention':
      return actions.retention({ ...run, params: typed.params });
    case 'offlineCheck':
      return actions.offlineCheck({ ...run, params: typed.params });
  }
}
