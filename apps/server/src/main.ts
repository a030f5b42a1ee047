import { loadConfig } from './config/config.js';
import { parseServices } from './config/services.js';
import { buildApp } from './app.js';
import { DEMO_OVERFLOW_STATION_COUNT, DEMO_STATION_COUNT, DEMO_STATION_INTERVAL, type SeedReport } from './db/seed.js';
import { adminPasswordPath, announceAdmin, leftoverAdminPasswordFile } from './lib/admin-password.js';
import { systemClock } from './lib/clock.js';
import { createServerLogger } from './lib/logger.js';
import { requestDemoHistory } from './simulator/demo-history.js';
import { startFleet } from './simulator/fleet.js';

/**
 * `node apps/server/dist/main.js [--services=http,gateway,forward,scheduler]`: starts the selected
 * services of this process (DESIGN.md 'One picture').
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const services = parseServices(process.argv.slice(2));
  const { logger, close: closeLog } = createServerLogger(config.logLevel, config.logDir, { format: config.logFormat });

  for (const name of services.absent) logger.warn(`service '${name}' is not part of this build; not started`);
  if (services.run.length === 0) {
    logger.error('no service of this build was selected; nothing to run');
    void closeLog();
    process.exitCode = 1;
    return;
  }

  const runsGateway = services.run.includes('gateway');
  const passwordFile = adminPasswordPath(config);
  let admin: SeedReport['admin'] = null;
  const app = await buildApp({
    config,
    logger,
    gateway: runsGateway,
    http: services.run.includes('http'),
    forward: services.run.includes('forward'),
    scheduler: services.run.includes('scheduler'),
    // Announced once the server is up, as the terminal's last word.
    onAdminCreated: (created) => (admin = created),
  });

  // The demo's stations, simulated in this process and registered by the demo seed (a cluster's come
  // through its load balancer instead: scripts/cluster.mjs).
  const fleet =
    config.demo && app.stations && !config.natsUrl
      ? startFleet({
          stations: DEMO_STATION_COUNT,
          overflowStations: DEMO_OVERFLOW_STATION_COUNT,
          host: '127.0.0.1',
          port: app.stations.port,
          rtdIntervalMs: DEMO_STATION_INTERVAL * 1000,
          minuteIntervalMs: 60_000,
        })
      : null;
  if (fleet && app.stations) {
    const { gateway } = app.stations;
    const demoLog = logger.child({ service: 'demo' });
    void requestDemoHistory(
      { gateway, clock: systemClock, log: demoLog },
      fleet.stations.map((s) => s.mn),
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    Promise.resolve(fleet?.stop())
      .then(() => app.close())
      .catch((err: unknown) => logger.error({ err }, 'shutdown failed'))
      .finally(closeLog);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  if (runsGateway) logger.info(`HJ 212 gateway on TCP port ${app.stations?.port ?? config.gateway.port}`);
  if (fleet) logger.info(`demo: ${fleet.stations.length} simulated stations reporting to the gateway`);
  if (services.run.includes('http')) {
    await app.listen({ port: config.port, host: '0.0.0.0' });
    logger.info(
      { database: config.database.dialect, demo: config.demo },
      `envmon console and API on http://localhost:${config.port} (API reference: /api-docs)`,
    );
  }
  if (admin) {
    // Straight to the terminal (and the password file), never to the log files.
    announceAdmin(admin, passwordFile, (text) => process.stdout.write(text));
  } else if (leftoverAdminPasswordFile(passwordFile)) {
    logger.warn(`the first start's admin password is still in ${passwordFile}: delete it once the password is changed`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`envmon failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
