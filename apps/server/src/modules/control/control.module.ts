import type { DynamicCodeService } from '../dynamic-code/dynamic-code.service.js';
import type { ModuleContext } from '../module-context.js';
import { CommandQueue } from './command-queue.js';
import { CommandRepository } from './command.repository.js';
import { controlRoutes, deviceParameterRoutes } from './control.routes.js';
import { DeviceParameterRepository } from './device-parameter.repository.js';
import { DeviceParameterService } from './device-parameter.service.js';
import { CommandService } from './command.service.js';

/**
 * Remote control of stations: the commands' records and routes in every process; the queue that sends them runs
 * in the cluster's leader (alone: this process), through its gateway or whichever gateway holds the station.
 */
export async function registerControl(ctx: ModuleContext, dynamicCodes: DynamicCodeService): Promise<CommandQueue> {
  const { app, db, config, clock, leadership, stationCommands, commandOptions, deviceScopes, log } = ctx;
  const repo = new CommandRepository(db, config.nodeId);
  // The queue records what each command tells of the station's parameters, and sends with the station's own waits.
  const recorder: { parameters?: DeviceParameterService } = {};
  const queue = new CommandQueue({
    repo,
    gateway: stationCommands,
    clock,
    leadership,
    log: log.child({ module: 'control' }),
    fixedOptions: commandOptions,
    stationOptions: (deviceId) => recorder.parameters?.stationOptions(deviceId) ?? Promise.resolve(null),
    onEnd: (command, end) => recorder.parameters?.record(command, end) ?? Promise.resolve(),
  });
  const commands = new CommandService(repo, queue, deviceScopes, dynamicCodes, clock);
  recorder.parameters = new DeviceParameterService(new DeviceParameterRepository(db), commands, deviceScopes, clock);
  await queue.start();
  controlRoutes(app, commands);
  deviceParameterRoutes(app, recorder.parameters);
  // After the gateway's preClose, which settles the commands still out: the records say how they ended.
  app.addHook('preClose', () => queue.stop());
  return queue;
}
