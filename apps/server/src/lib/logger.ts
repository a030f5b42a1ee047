import { join } from 'node:path';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import roll from 'pino-roll';
import { maskUrl } from './mask.js';

/** Log file names: envmon.<yyyy-MM-dd>.<n>.log, a new file each day or every LOG_FILE_SIZE. */
export const LOG_FILE_BASE = 'envmon';
const LOG_FILE_SIZE = '20m';
const LOG_FILES_KEPT = 30;

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/**
 * Options every logger of the server shares: request URLs with secret query values masked,
 * no headers (tokens travel in them), and secret fields redacted wherever a log call passes them.
 */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  redact: {
    paths: [
      'password',
      'oldPassword',
      'newPassword',
      'token',
      '*.password',
      '*.oldPassword',
      '*.newPassword',
      '*.token',
      '*.accessToken',
      '*.clientSecret',
      'req.headers.token',
      'req.headers.authorization',
      'req.headers.cookie',
    ],
    censor: '******',
  },
  serializers: {
    req: (req: RequestLike) => ({
      method: req.method,
      url: req.url === undefined ? undefined : maskUrl(req.url),
      remoteAddress: req.ip ?? req.socket?.remoteAddress,
    }),
    res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    err: pino.stdSerializers.err,
  },
});

export interface ServerLogger {
  logger: Logger;
  /** Flushes and closes the log file. */
  close: () => void;
}

/** The process logger: stdout plus rotating files in LOG_DIR (listed by the server-log screen). */
export async function createServerLogger(level: string, logDir: string): Promise<ServerLogger> {
  const file = await roll({
    file: join(logDir, LOG_FILE_BASE),
    frequency: 'daily',
    dateFormat: 'yyyy-MM-dd',
    size: LOG_FILE_SIZE,
    limit: { count: LOG_FILES_KEPT },
    mkdir: true,
  });
  const streams: { stream: DestinationStream; level: pino.Level }[] = [
    { stream: process.stdout, level: 'trace' },
    { stream: file, level: 'trace' },
  ];
  const logger = pino(loggerOptions(level), pino.multistream(streams));
  return {
    logger,
    close: () => {
      file.flushSync();
      file.end();
    },
  };
}
