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
  /** Where the terminal's lines go (tests); process.stdout by default. */
  terminal?: { write(text: string): unknown };
  /** How the terminal's lines read; the files are JSON either way. */
  format?: TerminalFormat;
}

/**
 * The process logger: the terminal plus rotating files in LOG_DIR (listed by the server-log screen).
 * The files keep every line at the configured level; the terminal is for the person who started the
 * server, so it shows each HTTP request only at debug (a console's polling would bury everything
 * else) and, unless asked for JSON, one readable line per entry. Both get lines after
 * loggerOptions' streamWrite hook has masked them.
 */
export function createServerLogger(level: string, logDir: string, options: ServerLoggerOptions = {}): ServerLogger {
  const file = new LogFile({
    dir: logDir,
    base: LOG_FILE_BASE,
    maxBytes: options.maxFileBytes ?? LOG_FILE_MAX_BYTES,
    keep: LOG_FILES_KEPT,
  });
  const streams: { stream: DestinationStream; level: pino.Level }[] = [{ stream: file, level: 'trace' }];
  if (options.stdout !== false) {
    const terminal = new TerminalStream(options.terminal ?? process.stdout, level, options.format ?? 'text');
    streams.push({ stream: terminal, level: 'trace' });
  }
  const logger = pino(loggerOptions(level), pino.multistream(streams));
  return { logger, close: () => file.end() };
}

export type TerminalFormat = 'text' | 'json';

/** Fastify's two lines per HTTP request; the terminal counts them as debug. */
const REQUEST_MESSAGES: ReadonlySet<string> = new Set(['incoming request', 'request completed']);
const DEBUG = 20;
const LEVEL_LABELS: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, or that the text line shows in its own place. */
const SHOWN_APART: ReadonlySet<string> = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'service',
  'module',
  'err',
]);

type LogEntry = Record<string, unknown> & { level?: number; msg?: unknown; time?: number };

function parseEntry(line: string): LogEntry | null {
  try {
    const parsed: unknown = JSON.parse(line);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as LogEntry) : null;
  } catch {
    return null;
  }
}

/** The level the terminal gives an entry: a request's lines count as debug. */
export function terminalLevel(entry: LogEntry): number {
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const isRequest = 'reqId' in entry && typeof entry.msg === 'string' && REQUEST_MESSAGES.has(entry.msg);
  return isRequest ? Math.min(level, DEBUG) : level;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `12:03:07.215 WARN  gateway: message key=value …`, then an error's stack, indented. */
export function formatEntry(entry: LogEntry, level: number): string {
  const at = new Date(typeof entry.time === 'number' ? entry.time : Date.now());
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
  const label = (LEVEL_LABELS[level] ?? String(level)).padEnd(5);
  const source = entry.service ?? entry.module;
  const prefix = typeof source === 'string' ? `${source}: ` : '';
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  const fields = Object.entries(entry)
    .filter(([key, value]) => !SHOWN_APART.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  let text = [`${time} ${label} ${prefix}${msg}`, ...fields].join(' ').trimEnd();
  const err = entry.err as { message?: unknown; stack?: unknown } | undefined;
  if (err && typeof err === 'object') {
    const detail = typeof err.stack === 'string' ? err.stack : typeof err.message === 'string' ? err.message : '';
    if (detail) text += `\n${detail.replace(/^/gm, '    ')}`;
  }
  return `${text}\n`;
}

/** The terminal's sink: drops what is below its level (requests counting as debug) and writes text or JSON. */
class TerminalStream {
  private readonly threshold: number;

  constructor(
    private readonly out: { write(text: string): unknown },
    level: string,
    private readonly format: TerminalFormat,
  ) {
    this.threshold = level === 'silent' ? Infinity : (pino.levels.values[level] ?? 30);
  }

  write(line: string): void {
    const entry = parseEntry(line);
    if (entry === null) {
      this.out.write(line);
      return;
    }
    const level = terminalLevel(entry);
    if (level < this.threshold) return;
    this.out.write(this.format === 'json' ? line : formatEntry(entry, level));
  }
}
