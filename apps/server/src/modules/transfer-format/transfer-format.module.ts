import type { ModuleContext } from '../module-context.js';
import { TransferFormatRepository } from './transfer-format.repository.js';
import { transferFormatRoutes } from './transfer-format.routes.js';
import { TransferFormatService } from './transfer-format.service.js';

/** Settings › transfer format (issue 20): the upstreams and per-device settings; changes reach forwarders by the bus. */
export function registerTransferFormat({ app, db, clock, configChanges, deviceScopes }: ModuleContext): void {
  const service = new TransferFormatService(new TransferFormatRepository(db), deviceScopes, clock, () =>
    configChanges.changed('transferFormat'),
  );
  transferFormatRoutes(app, service);
}
