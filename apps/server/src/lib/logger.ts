import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { LogFile } from './log-file.js';
import { maskText, maskUrl } from './mask.js';

/** Log file names: envmon.<yyyy-MM-dd>.<n>.log, a new file each day or before LOG_FILE_MAX_BYTES. */
export const LOG_FILE_BASE = 'envmon';
const LOG_FILE_MAX_BYTES = 20 * 1024 * 1024;
const LOG_FILES_KEPT = 30;

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/**
 * Options every logger of the server shares: request URLs with secret path segments and query
 * values masked, no headers (tokens travel in them), secret fields redacted wherever a log call
 * passes them, and every finished line masked once more (issue 13, hole 4).
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
  // Whatever a line carries (a framework's message with a URL, an error, a client's report), it is masked last.
  hooks: { streamWrite: maskText },
});

export interface ServerLogger {
  logger: Logger;
  /** Writes what is buffered and closes the log file. */
  close: () => Promise<void>;
}

export interface ServerLoggerOptions {
  /** Tests: a small bound to cross quickly. */
  maxFileBytes?: number;
  /** Tests: the files only. */
  stdout?: boolean;
}

/** The process logger: stdout plus rotating files in LOG_DIR (listed by the server-log screen). */
export function createServerLogger(level: string, logDir: string, options: ServerLoggerOptions = {}): ServerLogger {
  const file = new LogFile({
    dir: logDir,
    base: LOG_FILE_BASE,
    maxBytes: options.maxFileBytes ?? LOG_FILE_MAX_BYTES,
    keep: LOG_FILES_KEPT,
  });
  const streams: { stream: DestinationStream; level: pino.Level }[] = [{ stream: file, level: 'trace' }];
  if (options.stdout !== false) streams.push({ stream: process.stdout, level: 'trace' });
  const logger = pino(loggerOptions(level), pino.multistream(streams));
  return { logger, close: () => file.end() };
}
