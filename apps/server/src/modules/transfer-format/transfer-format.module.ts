import type { ModuleContext } from '../module-context.js';
import { ForwardQueueRepository } from './forward-queue.repository.js';
import { Forwarder } from './forwarder.js';
import { ForwardingService, forwardStatusLogEntry } from './forwarding-service.js';
import { TransferFormatRepository } from './transfer-format.repository.js';
import { transferFormatRoutes } from './transfer-format.routes.js';
import { TransferFormatService } from './transfer-format.service.js';

/**
 * Settings › transfer format (issue 20): the upstreams and per-device settings in every process; changes reach the
 * forwarders by the bus. The forwarding itself runs where the `forward` service part does.
 */
export async function registerTransferFormat(ctx: ModuleContext): Promise<void> {
  const { app, db, clock, configChanges, deviceScopes } = ctx;
  const service = new TransferFormatService(new TransferFormatRepository(db), deviceScopes, clock, () =>
    configChanges.changed('transferFormat'),
  );
  transferFormatRoutes(app, service);
  if (!ctx.runsForward) return;
  const forwarding = new ForwardingService(
    new Forwarder(new ForwardQueueRepository(db), clock, ctx.config.nodeId, undefined, (target, error) =>
      ctx.services.logs.record(forwardStatusLogEntry(target, error)),
    ),
    ctx.bus,
    configChanges,
    ctx.leadership,
    clock,
    ctx.log.child({ module: 'forward' }),
  );
  await forwarding.start();
  app.addHook('preClose', () => forwarding.stop());
}
