import type { DynamicCodeService } from '../dynamic-code/dynamic-code.service.js';
import type { ModuleContext } from '../module-context.js';
import { CommandQueue } from './command-queue.js';
import { CommandRepository } from './command.repository.js';
import { controlRoutes } from './control.routes.js';
import { CommandService } from './command.service.js';

/**
 * Remote control of stations: the commands' records and routes in every process; the queue that sends them runs
 * in the cluster's leader (alone: this process), through its gateway or whichever gateway holds the station.
 */
export async function registerControl(ctx: ModuleContext, dynamicCodes: DynamicCodeService): Promise<CommandQueue> {
  const { app, db, config, clock, leadership, stationCommands, commandOptions, deviceScopes, log } = ctx;
  const repo = new CommandRepository(db, config.nodeId);
  const queue = new CommandQueue({
    repo,
    gateway: stationCommands,
    clock,
    leadership,
    log: log.child({ module: 'control' }),
    fixedOptions: commandOptions,
  });
  await queue.start();
  controlRoutes(app, new CommandService(repo, queue, deviceScopes, dynamicCodes, clock));
  // After the gateway's preClose, which settles the commands still out: the records say how they ended.
  app.addHook('preClose', () => queue.stop());
  return queue;
}
