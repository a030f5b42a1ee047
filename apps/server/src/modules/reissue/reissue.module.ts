import type { ModuleContext } from '../module-context.js';
import { ReissueRepository } from './reissue.repository.js';
import { reissueRoutes } from './reissue.routes.js';
import { ReissueService } from './reissue.service.js';

/**
 * Settings › reissue: stations asked for their data again, in the background, by the process that took the
 * request — through its own gateway, or in a cluster through whichever gateway holds the station. The service is
 * returned for the scheduled jobs (gap filling asks through it).
 */
export async function registerReissue({
  app,
  config,
  db,
  clock,
  stationCommands,
  commandOptions,
  runsGateway,
  log,
}: ModuleContext): Promise<{ reissue: ReissueService }> {
  const reissue = new ReissueService(
    new ReissueRepository(db, config.nodeId),
    stationCommands,
    clock,
    log.child({ module: 'reissue' }),
    commandOptions,
  );
  // The tasks this node's predecessor left running (alone: the process with the gateway; in a cluster: any).
  if (runsGateway || config.natsUrl) await reissue.recover();
  reissueRoutes(app, reissue);
  // Added after the gateway's preClose, which settles the commands still waiting: the tasks record how they ended.
  app.addHook('preClose', () => reissue.idle());
  return { reissue };
}
