import { readFileSync } from 'node:fs';
import multipart from '@fastify/multipart';
import { LIMITS } from '@envmon/shared';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { App } from './app-types.js';
import type { AppConfig } from './config/config.js';
import { openDatabase } from './db/connection.js';
import { SqliteCheckpointer } from './db/sqlite-checkpointer.js';
import { startPartitionMaintenance } from './db/partitions.js';
import { LEADER_LOCK_KEY, type Leadership, PostgresLeadership, soleLeadership } from './cluster/leadership.js';
import { type EventBus, InProcessEventBus } from './events/bus.js';
import { ConfigChanges } from './events/config-changes.js';
import { NatsEventBus } from './events/nats-bus.js';
import {
  gatewayCommandOptions,
  type GatewayOption,
  registerGateway,
  stationCommandsOf,
} from './gateway/gateway.module.js';
import { migrateToLatest } from './db/migrations/index.js';
import { seedDatabase, type SeedReport } from './db/seed.js';
import { type Clock, systemClock } from './lib/clock.js';
import { loggerOptions } from './lib/logger.js';
import { argon2Hasher, type PasswordHasher } from './lib/password.js';
import { XlsxDownloads } from './plugins/xlsx-download.js';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.js';
import { clientConfig } from './modules/client-config/client-config.service.js';
import { registerAlarms } from './modules/alarm/alarm.module.js';
import { DeviceScopeReader } from './modules/device/device-scope.js';
import { DeviceScopeRepository } from './modules/device/device-scope.repository.js';
import { registerDashboards } from './modules/dashboard/dashboard.module.js';
import { registerDataAudit } from './modules/data-audit/data-audit.module.js';
import { registerDevices } from './modules/device/device.module.js';
import { registerDynamicCode } from './modules/dynamic-code/dynamic-code.module.js';
import { registerControl } from './modules/control/control.module.js';
import { registerRegular } from './modules/regular/regular.module.js';
import { registerFactors } from './modules/factor/factor.module.js';
import { registerLive } from './modules/live/live.module.js';
import { registerOutlierIntervals } from './modules/outlier-interval/outlier-interval.module.js';
import { registerTransferFormat } from './modules/transfer-format/transfer-format.module.js';
import { loginRoutes } from './modules/login/login.routes.js';
import type { ModuleContext } from './modules/module-context.js';
import type { OAuthClient } from './modules/oauth/oauth.client.js';
import { oauthRoutes } from './modules/oauth/oauth.routes.js';
import { registerQueries } from './modules/queries.module.js';
import { registerReissue } from './modules/reissue/reissue.module.js';
import { createJobActions } from './modules/job/actions/index.js';
import type { JobActions } from './modules/job/job-action.js';
import { registerJobs } from './modules/job/job.module.js';
import { registerStationRecords } from './modules/station-records.module.js';
import { registerSystem } from './modules/system.module.js';
import { registerVirtualDevices } from './modules/virtual-device/virtual-device.module.js';
import { registerWeather } from './modules/weather/weather.module.js';
import { registerWxAlarms } from './modules/wx-alarm/wx-alarm.module.js';
import { installAuth } from './plugins/auth.js';
import { installErrorHandling } from './plugins/error-handler.js';
import { registerOpenApi, registerOpenApiRoutes } from './plugins/openapi.js';
import { installOperationLog } from './plugins/operation-log.js';
import { installQueryCleanup } from './plugins/query-cleanup.js';
import { requireRoutePermissions } from './plugins/route-permissions.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWebConsole } from './plugins/web-console.js';
import { createServices } from './services.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** Defaults to a stdout logger at config.logLevel. */
  logger?: FastifyBaseLogger;
  clock?: Clock;
  hasher?: PasswordHasher;
  oauthClient?: OAuthClient;
  /** Sees every route after its permission is settled (the route-permission test collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** Runs the `gateway` service (HJ 212 over TCP on config.gateway.port, and the ingest pipeline) with the app. */
  gateway?: GatewayOption;
  /** Serves consoles (live push included); false in a gateway-only process of a cluster. Default true. */
  http?: boolean;
  /** Runs the `forward` service part: data forwarded to the configured upstream platforms (issue 20). */
  forward?: boolean;
  /** Runs the `scheduler` service: the scheduled jobs fire in this process when it is elected (issue 21). */
  scheduler?: boolean;
  /** Replaces the job types' actions (tests of the scheduler). */
  jobActions?: JobActions;
  /** Called when this start created the admin user (main prints a generated password once). */
  onAdminCreated?: (admin: NonNullable<SeedReport['admin']>) => void;
}

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The whole HTTP server on a migrated, seeded database: what main starts and tests inject into. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const hasher = options.hasher ?? argon2Hasher;
  const logger = options.logger ?? pino(loggerOptions(config.logLevel));
  const database = openDatabase(config.database, (err) =>
    logger.warn({ err }, 'an idle database connection failed; it will be replaced'),
  );
  const { db, dialect } = database;
  try {
    await migrateToLatest(db, dialect);
    const report = await seedDatabase(db, { demo: config.demo, adminPassword: config.adminPassword, hasher, clock });
    if (report.admin) options.onAdminCreated?.(report.admin);
  } catch (err) {
    await db.destroy();
    throw err;
  }

  const app: App = Fastify({
    loggerInstance: logger,
    // HEAD twins of every GET would double the surface the permission test has to prove.
    exposeHeadRoutes: false,
  }).withTypeProvider<ZodTypeProvider>();
  // A SQLite file's WAL is copied back by a thread of its own, not by the commits that fill it.
  const checkpointer =
    database.sqlite && !database.sqlite.memory
      ? new SqliteCheckpointer(database.sqlite.name, (err) => logger.error({ err }, 'the SQLite checkpointer failed'))
      : null;
  app.addHook('onClose', async () => {
    await checkpointer?.close();
    await db.destroy();
  });
  // Monthly partitions (PostgreSQL): each month's partition exists well before its first row.
  app.addHook('preClose', startPartitionMaintenance(db, dialect, clock, app.log.child({ service: 'partitions' })));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    requireRoutePermissions(app);
    if (options.onRoute) app.addHook('onRoute', options.onRoute);
    installErrorHandling(app);
    await registerSecurityHeaders(app, config.mapTiles);
    await registerOpenApi(app, version);

    const onHandlerError = (name: string, err: unknown) => app.log.error({ err, event: name }, 'event handler failed');
    // One process by default; with NATS_URL every domain event crosses the cluster (README 'Beyond one machine').
    const bus: EventBus = config.natsUrl
      ? await NatsEventBus.connect({ url: config.natsUrl, name: config.nodeId, onHandlerError })
      : new InProcessEventBus(onHandlerError);
    if (bus instanceof NatsEventBus) app.addHook('onClose', () => bus.close());
    app.decorate('bus', bus);
    const configChanges = new ConfigChanges(bus, app.log);
    // What the cluster does once (WeChat reminders and digests) runs on the process holding the lock.
    const leadership: Leadership =
      config.natsUrl && config.database.dialect === 'postgres'
        ? await PostgresLeadership.start({
            url: config.database.url,
            lockKey: LEADER_LOCK_KEY,
            nodeId: config.nodeId,
            log: app.log.child({ service: 'leadership' }),
          })
        : soleLeadership();
    // onClose: after the preClose work (the notifier's last messages) is done.
    app.addHook('onClose', () => leadership.close());
    const shared = { app, db, dialect, database, config, clock, bus, configChanges, leadership, log: app.log };
    // First of the modules: the gateway's preClose (stations stop, the last batch is written) comes before theirs.
    await registerGateway(shared, options.gateway);

    const services = createServices({ db, config, clock, hasher, log: app.log, oauthClient: options.oauthClient });
    installAuth(app, services);
    installQueryCleanup(app);
    installOperationLog(app, services.logs, clock);
    // Uploads (imports, attachments): one file per request, refused past the size limit with
    // '文件过大！'; at most a record id beside it, so plain fields are bounded too.
    await app.register(multipart, {
      limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
    });

    loginRoutes(app, services.login, services.sessions);
    oauthRoutes(app, services.oauth);
    clientConfigRoutes(app, clientConfig(config));
    const commandOptions = gatewayCommandOptions(options.gateway);
    const ctx: ModuleContext = {
      ...shared,
      services,
      downloads: new XlsxDownloads(app, services.roles, clock),
      deviceScopes: new DeviceScopeReader(new DeviceScopeRepository(db)),
      stationCommands: stationCommandsOf(app, bus, commandOptions),
      commandOptions,
      runsGateway: Boolean(options.gateway),
      runsForward: Boolean(options.forward),
      runsScheduler: Boolean(options.scheduler),
      servesHttp: options.http !== false,
    };
    // In this order: the routes are documented in it, and the preClose hooks run in it
    // (gateway, reissue, alarm engine, WeChat notifier: each settles what the next one reads).
    registerSystem(ctx);
    const { factors } = registerFactors(ctx);
    registerVirtualDevices(ctx, factors);
    registerDevices(ctx);
    registerQueries(ctx);
    registerDataAudit(ctx);
    registerStationRecords(ctx);
    registerDashboards(ctx);
    const { reissue } = await registerReissue(ctx);
    const { dynamicCodes } = registerDynamicCode(ctx);
    await registerControl(ctx, dynamicCodes);
    registerRegular(ctx);
    registerOutlierIntervals(ctx);
    await registerTransferFormat(ctx);
    registerWeather(ctx);
    registerJobs(ctx, options.jobActions ?? createJobActions(ctx, { reissue }));
    await registerLive(ctx);
    const { thresholds } = await registerAlarms(ctx, factors);
    await registerWxAlarms(ctx, thresholds);
    await registerOpenApiRoutes(app);
    if (!(await registerWebConsole(app, config.webDist))) {
      app.log.warn({ webDist: config.webDist }, 'no built console found; serving the API only');
    }

    await app.ready();
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
