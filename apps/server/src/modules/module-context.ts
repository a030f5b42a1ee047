import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { App } from '../app-types.js';
import type { Leadership } from '../cluster/leadership.js';
import type { AppConfig } from '../config/config.js';
import type { DatabaseHandle, Dialect } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/bus.js';
import type { ConfigChanges } from '../events/config-changes.js';
import type { CommandOptions } from '../gateway/command-channel.js';
import type { StationCommands } from '../gateway/station-commands.js';
import type { Clock } from '../lib/clock.js';
import type { XlsxDownloads } from '../plugins/xlsx-download.js';
import type { Services } from '../services.js';
import type { DeviceScopeReader } from './device/device-scope.js';

/**
 * What buildApp builds once and every module's register function receives: each module adds its
 * routes, starts its processors and adds its hooks from this, so the composition root only says
 * which modules there are and in which order (the order of their preClose hooks matters).
 */
export interface ModuleContext {
  app: App;
  db: Kysely<Database>;
  dialect: Dialect;
  database: DatabaseHandle;
  config: AppConfig;
  clock: Clock;
  bus: EventBus;
  /** Settings edited through any process reach the processors that hold them in memory. */
  configChanges: ConfigChanges;
  leadership: Leadership;
  services: Services;
  downloads: XlsxDownloads;
  /** Device scope of the query screens (projectId, ifFilter). */
  deviceScopes: DeviceScopeReader;
  /** Commands to stations: through this process's gateway, or in a cluster through whichever gateway holds the station. */
  stationCommands: () => StationCommands | null;
  /** The gateway's command waits when a test shortens them; otherwise each caller's own defaults. */
  commandOptions: CommandOptions | undefined;
  /** This process runs the `gateway` service (BuildAppOptions.gateway). */
  runsGateway: boolean;
  /** This process forwards data to upstream platforms (the `forward` service part, issue 20). */
  runsForward: boolean;
  /** This process fires the scheduled jobs when elected (the `scheduler` service, issue 21). */
  runsScheduler: boolean;
  /** This process serves consoles (BuildAppOptions.http, default true). */
  servesHttp: boolean;
  log: FastifyBaseLogger;
}
