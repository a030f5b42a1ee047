import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { LIMITS, type MapTiles } from '@envmon/shared';
import { z } from 'zod';
import { resolveMapTiles } from './map-tiles.js';

/**
 * Environment configuration (DESIGN.md 'Configuration'), parsed once at start. Everything the
 * server reads from the environment goes through here so that tests can build a config directly.
 */
export type DatabaseTarget = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface OAuthSettings {
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
  usernameClaim: string;
}

export interface GatewaySettings {
  port: number;
  host: string;
  /**
   * Station connections held at once. At the limit a new connection takes the place of the oldest
   * one that has not proven itself; when every held connection is a proven station, it is refused.
   */
  maxConnections: number;
  /**
   * A proven connection with no accepted packet of its station for this long is closed (half-open
   * sockets included); bytes, garbage and rejected packets do not count.
   */
  idleTimeoutMs: number;
  /**
   * A connection must prove itself — a valid packet of a known, valid station with the right PW —
   * within this time (or the idle timeout, if shorter), else it is closed.
   */
  proveTimeoutMs: number;
  /** Connections not yet proven held at once per remote address; proven stations do not count. */
  maxUnprovenPerAddress: number;
  /** A station is offline after this many report intervals (its intervalTime) without a packet. */
  offlineAfterIntervals: number;
}

export interface AppConfig {
  port: number;
  gateway: GatewaySettings;
  database: DatabaseTarget;
  adminPassword: string | null;
  demo: boolean;
  logLevel: string;
  /** How the terminal's lines read: 'text' for people, 'json' for a log collector; the files are JSON either way. */
  logFormat: 'text' | 'json';
  logDir: string;
  /** MAP_TILE_URL resolved (map-tiles.ts); null: the console draws its bundled boundaries. */
  mapTiles: MapTiles | null;
  defaultLanguage: 'zh' | 'en';
  tokenTtlMs: number;
  /** Null when the OAuth variables are not all set: external sign-in is then off. */
  oauth: OAuthSettings | null;
  webDist: string;
  /** The cluster: null runs everything in this process (the in-process bus), else the NATS server(s). */
  natsUrl: string | null;
  /**
   * This process's name in the cluster (NODE_ID, default the host name): what it owns (stations'
   * online state, reissue tasks) is settled by the next process of the same name, never by another.
   */
  nodeId: string;
}

const DEFAULT_DATABASE_URL = 'sqlite:./data/envmon.db';
/** The built console, relative to this file in both src/ and dist/ (apps/server/{src,dist}/config/). */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : null));

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .transform((v) => (v === undefined || v === '' ? null : !['0', 'false', 'no', 'off'].includes(v)));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(9212),
  GATEWAY_HOST: z.string().trim().min(1).default('0.0.0.0'),
  GATEWAY_MAX_CONNECTIONS: z.coerce.number().int().positive().default(10_000),
  GATEWAY_IDLE_SECONDS: z.coerce.number().positive().default(600),
  GATEWAY_PROVE_SECONDS: z.coerce.number().positive().default(60),
  GATEWAY_MAX_UNPROVEN_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  GATEWAY_OFFLINE_INTERVALS: z.coerce.number().positive().default(3),
  DATABASE_URL: optional,
  ADMIN_PASSWORD: optional,
  DEMO: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  LOG_DIR: z.string().trim().min(1).default('./data/logs'),
  MAP_TILE_URL: optional,
  MAP_TILE_CRS: optional.transform((v) => v?.toLowerCase() ?? null),
  MAP_TILE_SUBDOMAINS: optional,
  MAP_TILE_ATTRIBUTION: optional,
  DEFAULT_LANGUAGE: z.enum(['zh', 'en']).default('zh'),
  TOKEN_TTL_HOURS: z.coerce.number().positive().optional(),
  OAUTH_AUTHORIZE_URL: optional,
  OAUTH_TOKEN_URL: optional,
  OAUTH_USERINFO_URL: optional,
  OAUTH_CLIENT_ID: optional,
  OAUTH_CLIENT_SECRET: optional,
  OAUTH_REDIRECT_URI: optional,
  OAUTH_USERNAME_CLAIM: z.string().trim().min(1).default('preferred_username'),
  WEB_DIST: optional,
  NATS_URL: optional,
  NODE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - (at most 64)')
    .optional(),
});

/** The host name, reduced to what a node id may hold (NATS names, database columns). */
function defaultNodeId(): string {
  return (
    hostname()
      .replace(/[^A-Za-z0-9_-]/g, '-')
      .slice(0, 64) || 'node'
  );
}

export function parseDatabaseUrl(url: string): DatabaseTarget {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { dialect: 'postgres', url };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file) return { dialect: 'sqlite', file };
  }
  throw new Error(`DATABASE_URL must be sqlite:<file> or postgres://…, got '${url}'`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  const authorizeUrl = e.OAUTH_AUTHORIZE_URL;
  const tokenUrl = e.OAUTH_TOKEN_URL;
  const userInfoUrl = e.OAUTH_USERINFO_URL;
  const clientId = e.OAUTH_CLIENT_ID;
  const redirectUri = e.OAUTH_REDIRECT_URI;
  return {
    port: e.PORT,
    gateway: {
      port: e.GATEWAY_PORT,
      host: e.GATEWAY_HOST,
      maxConnections: e.GATEWAY_MAX_CONNECTIONS,
      idleTimeoutMs: Math.round(e.GATEWAY_IDLE_SECONDS * 1000),
      proveTimeoutMs: Math.round(e.GATEWAY_PROVE_SECONDS * 1000),
      maxUnprovenPerAddress: e.GATEWAY_MAX_UNPROVEN_PER_ADDRESS,
      offlineAfterIntervals: e.GATEWAY_OFFLINE_INTERVALS,
    },
    database: parseDatabaseUrl(e.DATABASE_URL ?? DEFAULT_DATABASE_URL),
    adminPassword: e.ADMIN_PASSWORD,
    // With no DATABASE_URL the install is the demo unless DEMO=0 (DESIGN.md 'Configuration').
    demo: e.DEMO ?? e.DATABASE_URL === null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    logDir: e.LOG_DIR,
    mapTiles: resolveMapTiles({
      url: e.MAP_TILE_URL,
      crs: e.MAP_TILE_CRS,
      subdomains: e.MAP_TILE_SUBDOMAINS,
      attribution: e.MAP_TILE_ATTRIBUTION,
    }),
    defaultLanguage: e.DEFAULT_LANGUAGE,
    tokenTtlMs: e.TOKEN_TTL_HOURS ? Math.round(e.TOKEN_TTL_HOURS * 3_600_000) : LIMITS.tokenTtlMs,
    oauth:
      authorizeUrl && tokenUrl && userInfoUrl && clientId && redirectUri
        ? {
            authorizeUrl,
            tokenUrl,
            userInfoUrl,
            clientId,
            clientSecret: e.OAUTH_CLIENT_SECRET,
            redirectUri,
            usernameClaim: e.OAUTH_USERNAME_CLAIM,
          }
        : null,
    webDist: e.WEB_DIST ?? DEFAULT_WEB_DIST,
    natsUrl: e.NATS_URL,
    nodeId: e.NODE_ID ?? defaultNodeId(),
  };
}
