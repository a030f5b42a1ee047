import { loadConfig } from './config/config.js';
import { parseServices } from './config/services.js';
import { buildApp } from './app.js';
import { createServerLogger } from './lib/logger.js';

/**
 * `node apps/server/dist/main.js [--services=http,gateway,scheduler]`: starts the selected
 * services of this process (DESIGN.md 'One picture').
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const services = parseServices(process.argv.slice(2));
  const { logger, close: closeLog } = await createServerLogger(config.logLevel, config.logDir);

  for (const name of services.absent) logger.warn(`service '${name}' is not part of this build; not started`);
  if (!services.run.includes('http')) {
    logger.error('no service of this build was selected; nothing to run');
    closeLog();
    process.exitCode = 1;
    return;
  }

  const app = await buildApp({
    config,
    logger,
    onAdminCreated: ({ userName, password, generated }) => {
      // Straight to the terminal, never to the log files.
      process.stdout.write(
        generated
          ? `\n  Created user '${userName}' with password: ${password}\n  It is shown only this once; change it after signing in.\n\n`
          : `\n  Created user '${userName}' with the password from ADMIN_PASSWORD.\n\n`,
      );
    },
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    app
      .close()
      .catch((err: unknown) => logger.error({ err }, 'shutdown failed'))
      .finally(closeLog);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: '0.0.0.0' });
  logger.info(
    { database: config.database.dialect, demo: config.demo },
    `envmon console and API on http://localhost:${config.port} (API reference: /api-docs)`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`envmon failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
