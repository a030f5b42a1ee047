import { type Leadership, PostgresLeadership, SCHEDULER_LOCK_KEY, soleLeadership } from '../../cluster/leadership.js';
import type { ModuleContext } from '../module-context.js';
import type { JobActions } from './job-action.js';
import { JobRepository } from './job.repository.js';
import { jobRoutes } from './job.routes.js';
import { JobService } from './job.service.js';
import { JobRunner } from './job-runner.js';
import { Scheduler } from './scheduler.js';

/**
 * System › job (issue 21): the routes in every process (a run by hand runs in the process that took it); the
 * `scheduler` service fires the jobs on the process elected for it.
 */
export function registerJobs(ctx: ModuleContext, actions: JobActions): void {
  const { app, db, clock, config, configChanges, log } = ctx;
  const repo = new JobRepository(db);
  const runner = new JobRunner({ repo, actions, clock, nodeId: config.nodeId, log: log.child({ module: 'job' }) });
  jobRoutes(app, new JobService(repo, runner, clock, () => configChanges.changed('jobs')));
  if (!ctx.runsScheduler) {
    app.addHook('preClose', () => runner.stop());
    return;
  }
  let scheduler: Scheduler | null = null;
  configChanges.on('jobs', () => scheduler?.kick());
  app.addHook('onReady', async () => {
    scheduler = new Scheduler({
      repo,
      runner,
      clock,
      leadership: await electScheduler(ctx),
      log: log.child({ service: 'scheduler' }),
    });
    scheduler.start();
  });
  app.addHook('preClose', async () => {
    await (scheduler ? scheduler.stop() : runner.stop());
  });
}

/** In a cluster (NATS and PostgreSQL) one process fires the jobs: the holder of the scheduler's advisory lock. */
async function electScheduler(ctx: ModuleContext): Promise<Leadership> {
  const { config, app } = ctx;
  const database = config.database;
  if (!config.natsUrl || database.dialect !== 'postgres') return soleLeadership();
  const leadership = await PostgresLeadership.start({
    url: database.url,
    lockKey: SCHEDULER_LOCK_KEY,
    nodeId: `${config.nodeId}/scheduler`,
    log: ctx.log.child({ service: 'scheduler-leadership' }),
  });
  app.addHook('onClose', () => leadership.close());
  return leadership;
}
