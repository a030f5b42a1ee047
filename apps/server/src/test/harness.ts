import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.js';
import { openDatabase } from '../db/connection.js';
import type { App } from '../app-types.js';
import { type AppConfig, loadConfig } from '../config/config.js';
import { ManualClock } from '../lib/clock.js';
import { loggerOptions } from '../lib/logger.js';

/**
 * Medium tests (STYLE.md rule 13): the real app through `app.inject()` on a fresh database —
 * a SQLite file in a temporary directory, or, when TEST_DATABASE_URL names a PostgreSQL
 * maintenance database, a uniquely named PostgreSQL database created for the app and dropped after.
 */
export const ADMIN_PASSWORD = 'Admin@12345';

export interface TestAppOptions {
  demo?: boolean;
  /** Overrides applied to the parsed test configuration. */
  config?: Partial<AppConfig>;
  /** Extra environment for loadConfig (e.g. OAUTH_*). */
  env?: Record<string, string>;
  onAdminCreated?: BuildAppOptions['onAdminCreated'];
  /** Runs the gateway service too (on a free loopback port: `t.app.stations.port`). */
  gateway?: BuildAppOptions['gateway'];
  /** Runs the forwarding to upstream platforms too (issue 20). */
  forward?: boolean;
  /** Runs the scheduler service too (issue 21). */
  scheduler?: boolean;
  /** Replaces the job types' actions. */
  jobActions?: BuildAppOptions['jobActions'];
  /** Writes a tiny built console (index.html + a hashed asset) to WEB_DIST first. */
  withConsole?: boolean;
  /** Logs there instead of capturing warnings and errors in `logLines`. */
  logger?: BuildAppOptions['logger'];
}

export const CONSOLE_INDEX = '<!doctype html><title>envmon</title><div id="root"></div>';
export const CONSOLE_ASSET = 'assets/index-abc123.js';

export interface TestApp {
  app: App;
  config: AppConfig;
  clock: ManualClock;
  /** Every route as registered (after its permission was settled). */
  routes: RouteOptions[];
  /** Warnings and errors the app logged, parsed. */
  logLines: Record<string, unknown>[];
  dir: string;
  dialect: 'sqlite' | 'postgres';
  /** Stops the app as its process would stop, keeping its database (`app` is closed until `restart`). */
  stop(): Promise<void>;
  /** Starts a stopped app again on its database, its gateway on the same port (a server restarted). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface Envelope<T = unknown> {
  status: number;
  code: string;
  desc: string;
  data: T;
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

async function withMaintenance<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  // A connection error surfaces through the awaited query; without a listener it would also be thrown.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `envmon_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withMaintenance((c) => c.query(`create database "${name}"`));
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withMaintenance((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-test-'));
  if (options.withConsole) {
    mkdirSync(join(dir, 'web', 'assets'), { recursive: true });
    writeFileSync(join(dir, 'web', 'index.html'), CONSOLE_INDEX);
    writeFileSync(join(dir, 'web', CONSOLE_ASSET), 'console.log("envmon")');
  }
  const pgDatabase = TEST_DATABASE_URL ? await createPostgresDatabase() : null;
  const config: AppConfig = {
    ...loadConfig({
      DATABASE_URL: pgDatabase?.url ?? `sqlite:${join(dir, 'envmon.db')}`,
      DEMO: options.demo ? '1' : '0',
      ADMIN_PASSWORD,
      LOG_DIR: join(dir, 'logs'),
      WEB_DIST: join(dir, 'web'),
      LOG_LEVEL: 'warn',
      GATEWAY_PORT: '0',
      GATEWAY_HOST: '127.0.0.1',
      ...options.env,
    }),
    ...options.config,
  };
  const clock = new ManualClock(Date.now());
  const routes: RouteOptions[] = [];
  const logLines: Record<string, unknown>[] = [];
  const logger = pino(loggerOptions('warn'), {
    write: (line: string) => {
      logLines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  const build = (settings: AppConfig) =>
    buildApp({
      config: settings,
      logger: options.logger ?? logger,
      clock,
      onRoute: (route) => routes.push(route),
      onAdminCreated: options.onAdminCreated,
      gateway: options.gateway,
      forward: options.forward,
      scheduler: options.scheduler,
      jobActions: options.jobActions,
    });
  try {
    let running = true;
    const testApp: TestApp = {
      app: await build(config),
      config,
      clock,
      routes,
      logLines,
      dir,
      dialect: config.database.dialect,
      stop: async () => {
        if (!running) return;
        running = false;
        await testApp.app.close();
      },
      restart: async () => {
        if (running) throw new Error('the test app is running');
        const port = testApp.app.stations?.port;
        routes.length = 0;
        testApp.app = await build(port ? { ...config, gateway: { ...config.gateway, port } } : config);
        running = true;
      },
      close: async () => {
        if (running) await testApp.app.close();
        running = false;
        await pgDatabase?.drop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
    return testApp;
  } catch (err) {
    await pgDatabase?.drop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** One app for the whole file, built before its tests and closed after. */
export function useTestApp(options: TestAppOptions = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('test app not built yet');
    return current;
  };
}

export function body<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json<Envelope<T>>();
}

/** Signs in and returns the token; fails the test when sign-in fails. */
export async function login(app: App, userName: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/manager/system/login/rest/login',
    payload: { userName, password },
  });
  const envelope = body<{ token: string }>(response);
  if (envelope.status !== 200) throw new Error(`login of ${userName} failed: ${envelope.desc}`);
  return envelope.data.token;
}

/** The data of a successful call; fails the test on a failure envelope. */
export async function call<T>(
  app: App,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  options: { query?: Record<string, string>; payload?: unknown } = {},
): Promise<T> {
  const response = await app.inject({
    method,
    url,
    query: options.query,
    payload: options.payload as Record<string, unknown> | undefined,
    headers: token ? { token } : {},
  });
  const envelope = body<T>(response);
  if (response.statusCode !== 200 || envelope.status !== 200) {
    throw new Error(`${method} ${url} → HTTP ${response.statusCode} ${envelope.desc}`);
  }
  return envelope.data;
}

/** Query parameters as a GET sends them: every value a string. */
const asQuery = (params: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));

/**
 * One app for the whole file, seeded once before its tests: the app, the seeded fixture, and the GET
 * calls under `base` as the fixture's admin (or a given token) — `get` answers the envelope's data,
 * `inject` the raw response.
 */
export function useSeededApp<F extends { admin: string }>(base: string, seed: (t: TestApp) => Promise<F>) {
  const t = useTestApp();
  let fixture: F | undefined;
  const seeded = () => {
    if (!fixture) throw new Error('fixture not seeded yet');
    return fixture;
  };
  beforeAll(async () => {
    fixture = await seed(t());
  });
  const get = <T>(path: string, params: Record<string, string | number>, token = seeded().admin) =>
    call<T>(t().app, token, 'GET', `${base}/${path}`, { query: asQuery(params) });
  const inject = (path: string, params: Record<string, string | number>, token = seeded().admin) =>
    t().app.inject({ method: 'GET', url: `${base}/${path}`, query: asQuery(params), headers: { token } });
  return { t, fixture: seeded, get, inject };
}

/** Follows an export's download link (step 2, no token: the ticket is the credential) and reads the xlsx; fails on anything but 200. */
export async function downloadWorkbook(app: App, url: string): Promise<ExcelJS.Workbook> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`GET ${url} → HTTP ${response.statusCode} ${response.body}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

/** Reads with a short-lived connection of its own. */
export async function query<T>(t: TestApp, fn: (db: ReturnType<typeof openDatabase>['db']) => Promise<T>): Promise<T> {
  const { db } = openDatabase(t.config.database);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
