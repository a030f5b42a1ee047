import type { App } from '../app-types.js';
import type { EventBus } from '../events/bus.js';
import { NatsEventBus } from '../events/nats-bus.js';
import type { ModuleContext } from '../modules/module-context.js';
import { type CommandOptions, DEFAULT_COMMAND_OPTIONS } from './command-channel.js';
import { NatsStationCommands } from './nats-commands.js';
import { localStationCommands, type StationCommands } from './station-commands.js';
import { type StationData, type StationDataOptions, startStationData } from './station-data.js';

/** BuildAppOptions.gateway: run the gateway, with a test's shorter command waits or ingest options. */
export type GatewayOption = boolean | Pick<StationDataOptions, 'commandOptions' | 'ingest'> | undefined;

/**
 * The `gateway` service (HJ 212 over TCP, the ingest pipeline, the online tracker) as app.stations;
 * null when this process runs none. Registered before every other module: its preClose comes first.
 */
export async function registerGateway(
  {
    app,
    database,
    config,
    bus,
    clock,
    configChanges,
    log,
  }: Pick<ModuleContext, 'app' | 'database' | 'config' | 'bus' | 'clock' | 'configChanges' | 'log'>,
  option: GatewayOption,
): Promise<void> {
  app.decorate('stations', null as StationData | null);
  if (!option) return;
  const stations = await startStationData({
    database,
    settings: config.gateway,
    bus,
    clock,
    nodeId: config.nodeId,
    ...(bus instanceof NatsEventBus ? { nats: bus.connection } : {}),
    log: log.child({ service: 'gateway' }),
    ...(typeof option === 'object' ? option : {}),
  });
  app.stations = stations;
  // What the gateway holds in memory follows the settings edited through any process.
  configChanges.on('factors', () => stations.quality.reload());
  // Rounding defaults to a factor's decimals: the rules follow the factors too.
  configChanges.on('factors', () => stations.rules.reload());
  configChanges.on('dataRules', () => stations.rules.reload());
  configChanges.on('stations', ({ codes }) => {
    if (!codes) stations.directory.forget();
    for (const code of codes ?? []) stations.directory.forget(code);
  });
  // preClose: stations stop and the last batch is written before the database closes (onClose).
  app.addHook('preClose', () => stations.close());
}

/** The gateway's command waits a test asked for, if any. */
export function gatewayCommandOptions(option: GatewayOption): CommandOptions | undefined {
  return typeof option === 'object' ? option.commandOptions : undefined;
}

/** Commands to stations: through this process's gateway, or in a cluster through whichever gateway holds the station. */
export function stationCommandsOf(
  app: App,
  bus: EventBus,
  commandOptions: CommandOptions | undefined,
): () => StationCommands | null {
  const clusterCommands =
    bus instanceof NatsEventBus
      ? new NatsStationCommands(bus.connection, commandOptions ?? DEFAULT_COMMAND_OPTIONS)
      : null;
  return () => clusterCommands ?? (app.stations ? localStationCommands(app.stations.gateway) : null);
}
