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
import { type StationData, type StationDataOptions, startStationData } from './gateway/station-data.js';
import { localStationCommands } from './gateway/station-commands.js';
import { DEFAULT_COMMAND_OPTIONS } from './gateway/command-channel.js';
import { NatsStationCommands } from './gateway/nats-commands.js';
import { migrateToLatest } from './db/migrations/index.js';
import { seedDatabase, type SeedReport } from './db/seed.js';
import { type Clock, systemClock } from './lib/clock.js';
import { loggerOptions } from './lib/logger.js';
import { argon2Hasher, type PasswordHasher } from './lib/password.js';
import { XlsxDownloads } from './plugins/xlsx-download.js';
import { AlarmEngine } from './modules/alarm/alarm-engine.js';
import { AlarmRepository } from './modules/alarm/alarm.repository.js';
import { alarmRoutes } from './modules/alarm/alarm.routes.js';
import { AlarmService } from './modules/alarm/alarm.service.js';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.js';
import { clientConfig } from './modules/client-config/client-config.service.js';
import { clientErrorRoutes } from './modules/client-error/client-error.routes.js';
import { deployRoutes } from './modules/deploy/deploy.routes.js';
import { DeviceTransferRepository } from './modules/device/device-transfer.repository.js';
import { deviceTransferRoutes } from './modules/device/device-transfer.routes.js';
import { DeviceTransferService } from './modules/device/device-transfer.service.js';
import { deviceDetailRoutes } from './modules/device/device-detail.routes.js';
import { DeviceDetailRepository } from './modules/device/device-detail.repository.js';
import { DeviceDetailService } from './modules/device/device-detail.service.js';
import { DeviceSyncService, SYNC_COMMAND_OPTIONS } from './modules/device/device-detail.sync.js';
import { DeviceStatusRepository } from './modules/device/device-status.repository.js';
import { DeviceRepository } from './modules/device/device.repository.js';
import { deviceRoutes } from './modules/device/device.routes.js';
import { DeviceService } from './modules/device/device.service.js';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes.js';
import { DeviceFactorRepository } from './modules/factor/device-factor.repository.js';
import { DeviceFactorService } from './modules/factor/device-factor.service.js';
import { factorRoutes } from './modules/factor/factor.routes.js';
import { FactorRepository } from './modules/factor/factor.repository.js';
import { FactorService } from './modules/factor/factor.service.js';
import { logRoutes } from './modules/log/log.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { LiveAccessService } from './modules/live/live.service.js';
import { loginRoutes } from './modules/login/login.routes.js';
import type { OAuthClient } from './modules/oauth/oauth.client.js';
import { oauthRoutes } from './modules/oauth/oauth.routes.js';
import { AiQueryRepository } from './modules/ai-query/ai-query.repository.js';
import { aiQueryRoutes } from './modules/ai-query/ai-query.routes.js';
import { AiQueryService } from './modules/ai-query/ai-query.service.js';
import { CameraRepository } from './modules/camera/camera.repository.js';
import { cameraRoutes } from './modules/camera/camera.routes.js';
import { CameraService } from './modules/camera/camera.service.js';
import { IotCardRepository } from './modules/iot-card/iot-card.repository.js';
import { iotCardRoutes } from './modules/iot-card/iot-card.routes.js';
import { IotCardService } from './modules/iot-card/iot-card.service.js';
import { DevopsRepository } from './modules/devops/devops.repository.js';
import { devopsRoutes } from './modules/devops/devops.routes.js';
import { DevopsService } from './modules/devops/devops.service.js';
import { ReissueRepository } from './modules/reissue/reissue.repository.js';
import { reissueRoutes } from './modules/reissue/reissue.routes.js';
import { ReissueService } from './modules/reissue/reissue.service.js';
import { DeviceScopeReader } from './modules/device/device-scope.js';
import { DeviceScopeRepository } from './modules/device/device-scope.repository.js';
import { GatherRepository } from './modules/gather/gather.repository.js';
import { gatherRoutes } from './modules/gather/gather.routes.js';
import { GatherService } from './modules/gather/gather.service.js';
import { OriginalRepository } from './modules/original/original.repository.js';
import { originalRoutes } from './modules/original/original.routes.js';
import { OriginalService } from './modules/original/original.service.js';
import { passwordRoutes } from './modules/password/password.routes.js';
import { RealtimeRepository } from './modules/realtime/realtime.repository.js';
import { realtimeRoutes } from './modules/realtime/realtime.routes.js';
import { RealtimeService } from './modules/realtime/realtime.service.js';
import { HistoryRepository } from './modules/history/history.repository.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { HistoryService } from './modules/history/history.service.js';
import { ReportRepository } from './modules/report/report.repository.js';
import { reportRoutes } from './modules/report/report.routes.js';
import { ReportService } from './modules/report/report.service.js';
import { statisticsRoutes } from './modules/statistics/statistics.routes.js';
import { StatisticsService } from './modules/statistics/statistics.service.js';
import { resourceRoutes } from './modules/resource/resource.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { serverLogRoutes } from './modules/server-log/server-log.routes.js';
import { ThresholdRepository } from './modules/threshold/threshold.repository.js';
import { thresholdRoutes } from './modules/threshold/threshold.routes.js';
import { ThresholdService } from './modules/threshold/threshold.service.js';
import { fetchWebhookClient } from './modules/wx-alarm/webhook.js';
import { WxAlarmNotifier } from './modules/wx-alarm/wx-alarm.notifier.js';
import { WxAlarmRepository } from './modules/wx-alarm/wx-alarm.repository.js';
import { wxAlarmRoutes } from './modules/wx-alarm/wx-alarm.routes.js';
import { WxAlarmService } from './modules/wx-alarm/wx-alarm.service.js';
import { userRoutes } from './modules/user/user.routes.js';
import { weatherRoutes } from './modules/weather/weather.routes.js';
import { WeatherRepository } from './modules/weather/weather.repository.js';
import { WeatherService } from './modules/weather/weather.service.js';
import { virtualDeviceRoutes } from './modules/virtual-device/virtual-device.routes.js';
import { VirtualDeviceRepository } from './modules/virtual-device/virtual-device.repository.js';
import { VirtualDeviceService } from './modules/virtual-device/virtual-device.service.js';
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
  gateway?: boolean | Pick<StationDataOptions, 'commandOptions' | 'ingest'>;
  /** Serves consoles (live push included); false in a gateway-only process of a cluster. Default true. */
  http?: boolean;
  /** Called when this start created the admin user (main prints a generated password once). */
  onAdminCreated?: (admin: NonNullable<SeedReport['admin']>) => void;
}

/** The WeChat alarm webhook: each attempt's limit, how often reminders and digests fall due, the send backlog. */
const WX_ALARM_WEBHOOK_TIMEOUT_MS = 10_000;
const WX_ALARM_TICK_MS = 1000;
const WX_ALARM_QUEUE_MAX = 500;

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
    app.decorate('stations', null as StationData | null);
    if (options.gateway) {
      const stations = await startStationData({
        database,
        settings: config.gateway,
        bus,
        clock,
        nodeId: config.nodeId,
        ...(bus instanceof NatsEventBus ? { nats: bus.connection } : {}),
        log: app.log.child({ service: 'gateway' }),
        ...(typeof options.gateway === 'object' ? options.gateway : {}),
      });
      app.stations = stations;
      // What the gateway holds in memory follows the settings edited through any process.
      configChanges.on('factors', () => stations.quality.reload());
      configChanges.on('stations', ({ codes }) => {
        if (!codes) stations.directory.forget();
        for (const code of codes ?? []) stations.directory.forget(code);
      });
      // preClose: stations stop and the last batch is written before the database closes (onClose).
      app.addHook('preClose', () => stations.close());
    }

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
    const downloads = new XlsxDownloads(app, services.roles, clock);
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
    // Commands to stations: through this process's gateway, or in a cluster through whichever gateway holds the station.
    const commandOptions = typeof options.gateway === 'object' ? options.gateway.commandOptions : undefined;
    const clusterCommands =
      bus instanceof NatsEventBus
        ? new NatsStationCommands(bus.connection, commandOptions ?? DEFAULT_COMMAND_OPTIONS)
        : null;
    const stationCommands = () => clusterCommands ?? (app.stations ? localStationCommands(app.stations.gateway) : null);
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
    // Original packets, station state parsed from them (issue 6), and the common weather read.
    // Device scope of the query screens (projectId, ifFilter) — gather, AI, video, original, other (issue 6).
    const deviceScopes = new DeviceScopeReader(new DeviceScopeRepository(db));
    originalRoutes(app, new OriginalService(new OriginalRepository(db), deviceScopes), downloads);
    gatherRoutes(app, new GatherService(new GatherRepository(db), deviceScopes), downloads);
    aiQueryRoutes(app, new AiQueryService(new AiQueryRepository(db), deviceScopes), downloads);
    cameraRoutes(app, new CameraService(new CameraRepository(db), clock));
    iotCardRoutes(app, new IotCardService(new IotCardRepository(db), clock));
    // Settings › DevOps: maintenance records with their attachments (stored in the database).
    devopsRoutes(app, new DevopsService(new DevopsRepository(db, dialect), clock));
    // Settings › reissue: stations asked for their data again through this process's gateway, in the background.
    const reissue = new ReissueService(
      new ReissueRepository(db, config.nodeId),
      stationCommands,
      clock,
      app.log.child({ module: 'reissue' }),
      commandOptions,
    );
    if (options.gateway) await reissue.recover();
    reissueRoutes(app, reissue);
    // Added after the gateway's preClose, which settles the commands still waiting: the tasks record how they ended.
    app.addHook('preClose', () => reissue.idle());
    weatherRoutes(app, new WeatherService(new WeatherRepository(db)));
    if (options.http !== false) {
      await liveRoutes(app, new LiveAccessService(services.sessions, services.roles, deviceScopes));
    }
    // Alarms (issue 5): the engine reacts to the gateway's events; threshold and strategy edits reload its rules.
    // In a cluster it runs beside each gateway, judging that gateway's stations.
    const alarmRepository = new AlarmRepository(db);
    const thresholds = new ThresholdService(new ThresholdRepository(db), factors, clock, () =>
      configChanges.changed('alarmRules'),
    );
    if (options.gateway || !config.natsUrl) {
      const alarmEngine = new AlarmEngine(
        alarmRepository,
        () => thresholds.rules(),
        bus,
        clock,
        app.log.child({ service: 'alarm' }),
      );
      configChanges.on('alarmRules', () => alarmEngine.reload());
      await alarmEngine.start();
      // Added after the gateway's preClose: the stations' last values are judged before the database closes.
      app.addHook('preClose', () => alarmEngine.close());
    }
    thresholdRoutes(app, thresholds);
    alarmRoutes(app, new AlarmService(alarmRepository, bus, clock), downloads);
    // WeChat alarm notifications (issue 5): off until the settings enable them; settings edits reach the notifier at once.
    const webhook = fetchWebhookClient(WX_ALARM_WEBHOOK_TIMEOUT_MS);
    const wxAlarms = new WxAlarmService(new WxAlarmRepository(db), webhook, clock, () =>
      configChanges.changed('wxAlarm'),
    );
    const wxAlarmNotifier = new WxAlarmNotifier({
      bus,
      clock,
      webhook,
      log: app.log.child({ service: 'wx-alarm' }),
      settings: () => wxAlarms.current(),
      repeatMinutes: async (deviceId, alarmType) =>
        (await thresholds.strategies({ deviceId, alarmType }))[0]?.repeatIntervalMinutes ?? 0,
      tickMs: WX_ALARM_TICK_MS,
      leadership,
      queueMax: WX_ALARM_QUEUE_MAX,
    });
    configChanges.on('wxAlarm', () => wxAlarmNotifier.reload());
    await wxAlarmNotifier.start();
    // After the engine's preClose (its last alarms may still be queued), before the database closes.
    app.addHook('preClose', () => wxAlarmNotifier.close());
    wxAlarmRoutes(app, wxAlarms);
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
