import { forwardLockKey, type Leadership, PostgresLeadership, soleLeadership } from '../../cluster/leadership.js';
import type { ModuleContext } from '../module-context.js';
import { ForwardHistory } from './forward-history.js';
import { ForwardHistoryRepository } from './forward-history.repository.js';
import { ForwardQueueRepository } from './forward-queue.repository.js';
import { StateUploads } from './forward-state.js';
import { Forwarder } from './forwarder.js';
import { type ElectUpstream, ForwardingService, forwardStatusLogEntry } from './forwarding-service.js';
import { TransferFormatRepository } from './transfer-format.repository.js';
import { transferFormatRoutes } from './transfer-format.routes.js';
import { TransferFormatService } from './transfer-format.service.js';

/**
 * Settings › transfer format (issue 20): the upstreams and per-device settings in every process; changes reach the
 * forwarders by the bus. The forwarding itself runs where the `forward` service part does.
 */
export async function registerTransferFormat(ctx: ModuleContext): Promise<void> {
  const { app, db, clock, configChanges, deviceScopes } = ctx;
  const queue = new ForwardQueueRepository(db);
  const historyRepository = new ForwardHistoryRepository(db);
  const service = new TransferFormatService(
    new TransferFormatRepository(db),
    deviceScopes,
    clock,
    () => configChanges.changed('transferFormat'),
    new ForwardHistory(historyRepository, queue),
  );
  transferFormatRoutes(app, service);
  if (!ctx.runsForward) return;
  const forwarder = new Forwarder(queue, clock, ctx.config.nodeId, undefined, (target, error) =>
    forwarding.onStatus(target, error),
  );
  forwarder.states = new StateUploads(historyRepository);
  const forwarding: ForwardingService = new ForwardingService({
    forwarder,
    queue,
    bus: ctx.bus,
    configChanges,
    elect: electUpstreams(ctx),
    clock,
    log: ctx.log.child({ module: 'forward' }),
    report: (target, error) => ctx.services.logs.record(forwardStatusLogEntry(target, error)),
  });
  await forwarding.start();
  app.addHook('preClose', () => forwarding.stop());
}

/**
 * A cluster (NATS and PostgreSQL, as the cluster's own leadership) elects a process per upstream with an advisory
 * lock of its own, so different upstreams may be served by different processes; one process serves them all.
 */
export function electUpstreams(ctx: Pick<ModuleContext, 'config' | 'log'>, retryMs?: number): ElectUpstream {
  const { config } = ctx;
  const database = config.database;
  if (!config.natsUrl || database.dialect !== 'postgres') return () => Promise.resolve(soleLeadership());
  const log = ctx.log.child({ service: 'forward-leadership' });
  return (upstreamId): Promise<Leadership> =>
    PostgresLeadership.start({
      url: database.url,
      lockKey: forwardLockKey(upstreamId),
      nodeId: `${config.nodeId}/upstream-${upstreamId}`,
      log,
      ...(retryMs === undefined ? {} : { retryMs }),
    });
}
