import { readFileSync } from 'node:fs';
import multipart from '@fastify/multipart';
import { LIMITS } from '@envmon/shared';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { App } from './app-types.js';
import type { AppConfig } from './config/config.js';
import { openDatabase } from './db/connection.js';
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
import { registerLive } from './modules/live/live.module.js';
import { loginRoutes } from './modules/login/login.routes.js';
import type { ModuleContext } from './modules/module-context.js';
import type { OAuthClient } from './modules/oauth/oauth.client.js';
import { oauthRoutes } from './modules/oauth/oauth.routes.js';
import { registerReissue } from './modules/reissue/reissue.module.js';
import { registerWxAlarms } from './modules/wx-alarm/wx-alarm.module.js';
import { deployRoutes } from './modules/deploy/deploy.routes.js';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes.js';
import { clientErrorRoutes } from './modules/client-error/client-error.routes.js';
import { logRoutes } from './modules/log/log.routes.js';
import { passwordRoutes } from './modules/password/password.routes.js';
import { resourceRoutes } from './modules/resource/resource.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { serverLogRoutes } from './modules/server-log/server-log.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { DeviceFactorRepository } from './modules/factor/device-factor.repository.js';
import { DeviceFactorService } from './modules/factor/device-factor.service.js';
import { FactorRepository } from './modules/factor/factor.repository.js';
import { factorRoutes } from './modules/factor/factor.routes.js';
import { FactorService } from './modules/factor/factor.service.js';
import { VirtualDeviceRepository } from './modules/virtual-device/virtual-device.repository.js';
import { virtualDeviceRoutes } from './modules/virtual-device/virtual-device.routes.js';
import { VirtualDeviceService } from './modules/virtual-device/virtual-device.service.js';
import { DeviceDetailRepository } from './modules/device/device-detail.repository.js';
import { deviceDetailRoutes } from './modules/device/device-detail.routes.js';
import { DeviceDetailService } from './modules/device/device-detail.service.js';
import { DeviceSyncService, SYNC_COMMAND_OPTIONS } from './modules/device/device-detail.sync.js';
import { DeviceStatusRepository } from './modules/device/device-status.repository.js';
import { DeviceTransferRepository } from './modules/device/device-transfer.repository.js';
import { deviceTransferRoutes } from './modules/device/device-transfer.routes.js';
import { DeviceTransferService } from './modules/device/device-transfer.service.js';
import { DeviceRepository } from './modules/device/device.repository.js';
import { deviceRoutes } from './modules/device/device.routes.js';
import { DeviceService } from './modules/device/device.service.js';
import { AiQueryRepository } from './modules/ai-query/ai-query.repository.js';
import { aiQueryRoutes } from './modules/ai-query/ai-query.routes.js';
import { AiQueryService } from './modules/ai-query/ai-query.service.js';
import { GatherRepository } from './modules/gather/gather.repository.js';
import { gatherRoutes } from './modules/gather/gather.routes.js';
import { GatherService } from './modules/gather/gather.service.js';
import { HistoryRepository } from './modules/history/history.repository.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { HistoryService } from './modules/history/history.service.js';
import { OriginalRepository } from './modules/original/original.repository.js';
import { originalRoutes } from './modules/original/original.routes.js';
import { OriginalService } from './modules/original/original.service.js';
import { RealtimeRepository } from './modules/realtime/realtime.repository.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { RealtimeService } from './modules/realtime/realtime.service.js';
import { ReportRepository } from './modules/report/report.repository.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { ReportService } from './modules/report/report.service.js';
import { statisticsRoutes } from './modules/statistics/statistics.routes.js';
import { StatisticsService } from './modules/statistics/statistics.service.js';
import { CameraRepository } from './modules/camera/camera.repository.js';
import { cameraRoutes } from './modules/camera/camera.routes.js';
import { CameraService } from './modules/camera/camera.service.js';
import { DevopsRepository } from './modules/devops/devops.repository.js';
import { devopsRoutes } from './modules/devops/devops.routes.js';
import { DevopsService } from './modules/devops/devops.service.js';
import { IotCardRepository } from './modules/iot-card/iot-card.repository.js';
import { iotCardRoutes } from './modules/iot-card/iot-card.routes.js';
import { IotCardService } from './modules/iot-card/iot-card.service.js';
import { WeatherRepository } from './modules/weather/weather.repository.js';
import { weatherRoutes } from './modules/weather/weather.routes.js';
import { WeatherService } from './modules/weather/weather.service.js';
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
  app.addHook('onClose', () => db.destroy());
  // Monthly partitions (PostgreSQL): each month's partition exists well before its first row.
  app.addHook('preClose', startPartitionMaintenance(db, dialect, clock, app.log.child({ service: 'partitions' })));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  try {
    requireRoutePermissions(app);
    if (options.onRoute) app.addHook('onRoute', options.onRoute);
    installErrorHandling(app);
    await registerSecurityHeaders(app, config.mapTileUrl);
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
      servesHttp: options.http !== false,
    };
    const { downloads, deviceScopes, stationCommands } = ctx;
    // In this order: the routes are documented in it, and the preClose hooks run in it
    // (gateway, reissue, alarm engine, WeChat notifier: each settles what the next one reads).
    userRoutes(app, services.users, downloads);
    roleRoutes(app, services.roles, downloads);
    resourceRoutes(app, services.resources, downloads);
    dictionaryRoutes(app, services.dictionary, downloads);
    passwordRoutes(app, services.passwords);
    logRoutes(app, services.logs);
    serverLogRoutes(app, services.serverLogs);
    clientErrorRoutes(app, services.clientErrors);
    deployRoutes(app, services.deployClassify, services.deviceDeploy);
    // Factor settings take effect in every running ingest pipeline at once.
    const reloadQuality = () => configChanges.changed('factors');
    const factors = new FactorService(new FactorRepository(db), reloadQuality);
    factorRoutes(app, factors, new DeviceFactorService(new DeviceFactorRepository(db), factors, reloadQuality));
    virtualDeviceRoutes(app, new VirtualDeviceService(new VirtualDeviceRepository(db), factors, clock));
    deviceTransferRoutes(
      app,
      // Imported codes may have been sent before, while unknown: the gateway's directory forgets that.
      new DeviceTransferService(new DeviceTransferRepository(db), clock, (codes) => {
        void configChanges.changed('stations', [...codes]);
      }),
      downloads,
    );
    // An edited device (its password, its code) is looked up afresh by every gateway.
    const stationCache = { forget: (code: string) => void configChanges.changed('stations', [code]) };
    const devices = new DeviceService(new DeviceRepository(db), clock, () => stationCache);
    deviceRoutes(app, devices);
    deviceDetailRoutes(
      app,
      new DeviceDetailService(new DeviceDetailRepository(db), new DeviceStatusRepository(db), devices, clock),
      new DeviceSyncService(
        devices,
        stationCommands,
        clock,
        // Tests that shorten the gateway's command waits shorten sync's too.
        commandOptions ?? SYNC_COMMAND_OPTIONS,
      ),
    );
    realtimeRoutes(app, new RealtimeService(new RealtimeRepository(db), clock));
    // Exports of the queries and reports (issue 6): the link, the streamed file and its progress.
    reportRoutes(app, new ReportService(new ReportRepository(db)), downloads);
    // Transmission, summaries, isotope and odour rose reports (issue 6), with their exports.
    statisticsRoutes(app, new StatisticsService(db, clock), downloads);
    historyRoutes(app, new HistoryService(new HistoryRepository(db, database.sqlite)), downloads);
    // Original packets and station state parsed from them (issue 6); these, gather and AI keep to the user's device scope.
    originalRoutes(app, new OriginalService(new OriginalRepository(db), deviceScopes), downloads);
    gatherRoutes(app, new GatherService(new GatherRepository(db), deviceScopes), downloads);
    aiQueryRoutes(app, new AiQueryService(new AiQueryRepository(db), deviceScopes), downloads);
    cameraRoutes(app, new CameraService(new CameraRepository(db), clock));
    iotCardRoutes(app, new IotCardService(new IotCardRepository(db), clock));
    // Settings › DevOps: maintenance records with their attachments (stored in the database).
    devopsRoutes(app, new DevopsService(new DevopsRepository(db, dialect), clock));
    await registerReissue(ctx);
    weatherRoutes(app, new WeatherService(new WeatherRepository(db)));
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
