import type { ModuleContext } from '../module-context.js';
import { ReissueRepository } from './reissue.repository.js';
import { reissueRoutes } from './reissue.routes.js';
import { ReissueService } from './reissue.service.js';

/** Settings › reissue: stations asked for their data again through this process's gateway, in the background. */
export async function registerReissue({
  app,
  config,
  db,
  clock,
  stationCommands,
  commandOptions,
  runsGateway,
  log,
}: ModuleContext): Promise<void> {
  const reissue = new ReissueService(
    new ReissueRepository(db, config.nodeId),
    stationCommands,
    clock,
    log.child({ module: 'reissue' }),
    commandOptions,
  );
  if (runsGateway) await reissue.recover();
  reissueRoutes(app, reissue);
  // Added after the gateway's preClose, which settles the commands still waiting: the tasks record how they ended.
  app.addHook('preClose', () => reissue.idle());
}
