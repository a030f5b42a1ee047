import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewaySettings } from '../config/config.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { EventBus } from '../events/bus.js';
import { DataRuleCatalogue, DataRuleRepository } from '../ingest/data-rule-catalogue.js';
import { FactorQualityCatalogue } from '../ingest/factor-catalogue.js';
import { FactorCatalogueRepository } from '../ingest/factor-catalogue.repository.js';
import { DEFAULT_INGEST_OPTIONS, IngestPipeline, type IngestOptions } from '../ingest/ingest-pipeline.js';
import { PostgresIngestRepository } from '../ingest/postgres-ingest.repository.js';
import { SqliteIngestRepository } from '../ingest/sqlite-ingest.repository.js';
import type { Clock } from '../lib/clock.js';
import { DeviceStatusRepository } from '../modules/device/device-status.repository.js';
import { DeviceRepository } from '../modules/device/device.repository.js';
import type { CommandOptions } from './command-channel.js';
import { Gateway } from './gateway.js';
import { serveStationCommands, type StationCommandServer } from './nats-commands.js';
import { OnlineTracker } from './online-tracker.js';
import { StationDirectory } from './station-directory.js';

export interface StationDataOptions {
  database: DatabaseHandle;
  settings: GatewaySettings;
  bus: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  ingest?: Partial<IngestOptions>;
  commandOptions?: CommandOptions;
  /** The node that owns the stations' online state this gateway records (config.nodeId). */
  nodeId: string;
  /** In a cluster: the NATS connection on which this gateway answers commands for the stations it holds. */
  nats?: NatsConnection;
}

/** The `gateway` service: the TCP gateway and the ingest pipeline it feeds, composed on one database. */
export interface StationData {
  gateway: Gateway;
  pipeline: IngestPipeline;
  /** The quality parameters the pipeline uses; reload() after factor settings change. */
  quality: FactorQualityCatalogue;
  /** The data rules the pipeline applies; reload() after rules (or factors' decimals) change. */
  rules: DataRuleCatalogue;
  directory: StationDirectory;
  tracker: OnlineTracker;
  /** The gateway's TCP port (the real one when the settings asked for port 0). */
  port: number;
  close(): Promise<void>;
}

export async function startStationData(o: StationDataOptions): Promise<StationData> {
  const { db, sqlite } = o.database;
  const catalogue = new FactorQualityCatalogue(new FactorCatalogueRepository(db));
  await catalogue.reload();
  const repository = sqlite ? new SqliteIngestRepository(db, sqlite) : new PostgresIngestRepository(db);
  const rules = new DataRuleCatalogue(new DataRuleRepository(db));
  await rules.reload();
  const pipeline = new IngestPipeline(
    repository,
    catalogue,
    o.bus,
    o.log,
    { ...DEFAULT_INGEST_OPTIONS, ...o.ingest },
    rules,
  );
  const directory = new StationDirectory(new DeviceRepository(db), o.clock);
  const tracker = new OnlineTracker(
    new DeviceStatusRepository(db),
    o.bus,
    o.clock,
    o.log,
    o.settings.offlineAfterIntervals,
    o.nodeId,
  );
  let commandServer: StationCommandServer | null = null;
  const gateway = new Gateway({
    settings: o.settings,
    directory,
    pipeline,
    tracker,
    bus: o.bus,
    clock: o.clock,
    log: o.log,
    commandOptions: o.commandOptions,
    onStationHeld: (code, held) => commandServer?.onStationHeld(code, held),
  });
  // Made before the gateway listens, so that no station is held unannounced.
  if (o.nats) commandServer = serveStationCommands(o.nats, gateway, o.log);
  const port = await gateway.listen();
  return {
    gateway,
    pipeline,
    quality: catalogue,
    rules,
    directory,
    tracker,
    port,
    async close() {
      await gateway.close();
      commandServer?.close();
      // Whatever arrived before the close is still written.
      await pipeline.close();
      await repository.close();
    },
  };
}
