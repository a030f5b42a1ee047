// `npm run bench:api`: throughput and latency of the two calls every console session starts
// with — sign-in (argon2id verification) and user info by token (session lookup, roles,
// resources) — against the real server built by buildApp() on a fresh SQLite file, over
// loopback HTTP with keep-alive. Bounded in requests and time; prints the figures.
//
//   npm run bench:api [-- --seconds 5 --concurrency 8 --login-concurrency 2]
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { type AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '@envmon/server/dist/app.js';
import { loadConfig } from '@envmon/server/dist/config/config.js';

const LOGIN_PATH = '/manager/system/login/rest/login';
const USER_INFO_PATH = '/manager/system/user/rest/getByToken';
const USER_ADD_PATH = '/manager/system/user/rest/add';
const ADMIN_PASSWORD = 'bench-Admin@123';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
    'login-concurrency': { type: 'string', default: String(availableParallelism()) },
    'max-requests': { type: 'string', default: '50000' },
  },
});
const SECONDS = Math.min(Number(args.seconds), 60);
const CONCURRENCY = Math.min(Number(args.concurrency), 64);
const LOGIN_CONCURRENCY = Math.min(Number(args['login-concurrency']), 16);
const MAX_REQUESTS = Math.min(Number(args['max-requests']), 200_000);
for (const [name, v] of Object.entries({ SECONDS, CONCURRENCY, LOGIN_CONCURRENCY, MAX_REQUESTS })) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad ${name}: ${v}`);
}

interface Reply {
  status: number;
  body: string;
}

interface Envelope<T> {
  status: number;
  code: string;
  desc: string;
  data?: T;
}

function send(
  agent: Agent,
  port: number,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<Reply>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (data += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function succeeded(reply: Reply): boolean {
  if (reply.status !== 200) return false;
  const env = JSON.parse(reply.body) as Envelope<unknown>;
  return env.status === 200 && env.code === '000000';
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  firstError?: string;
}

/** Runs `call` from `concurrency` loops (told their index) until `seconds` pass or `maxRequests` have been sent. */
async function measure(
  name: string,
  concurrency: number,
  maxRequests: number,
  call: (loop: number) => Promise<Reply>,
): Promise<Result> {
  const latenciesMs: number[] = [];
  let sent = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = process.hrtime.bigint();
  const deadline = Date.now() + SECONDS * 1000;
  const loop = async (index: number) => {
    while (sent < maxRequests && Date.now() < deadline) {
      sent += 1;
      const t0 = process.hrtime.bigint();
      try {
        const reply = await call(index);
        latenciesMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (!succeeded(reply)) {
          errors += 1;
          firstError ??= `HTTP ${reply.status} ${reply.body.slice(0, 200)}`;
        }
      } catch (err) {
        errors += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => loop(index)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { name, requests: latenciesMs.length, errors, seconds, latenciesMs, firstError };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function report(results: Result[]): void {
  const rows = results.map((r) => {
    const sorted = [...r.latenciesMs].sort((a, b) => a - b);
    return [
      r.name,
      String(r.requests),
      String(r.errors),
      (r.requests / r.seconds).toFixed(0),
      percentile(sorted, 50).toFixed(2),
      percentile(sorted, 99).toFixed(2),
      (sorted.at(-1) ?? NaN).toFixed(2),
    ];
  });
  const header = ['call', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms', 'max ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-bench-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
    DEMO: '1',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    LOG_DIR: join(dir, 'logs'),
    WEB_DIST: join(dir, 'no-console'),
  });
  const app = await buildApp({ config });
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(CONCURRENCY, LOGIN_CONCURRENCY) });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const loginBody = (userName: string) => JSON.stringify({ userName, password: ADMIN_PASSWORD });
    const jsonHeaders = { 'content-type': 'application/json' };
    const login = (userName = 'admin') => send(agent, port, 'POST', LOGIN_PATH, jsonHeaders, loginBody(userName));

    const first = await login();
    const env = JSON.parse(first.body) as Envelope<{ token: string }>;
    if (!succeeded(first) || !env.data) throw new Error(`sign-in failed: HTTP ${first.status} ${first.body}`);
    const tokenHeaders = { token: env.data.token };
    const userInfo = () => send(agent, port, 'GET', USER_INFO_PATH, tokenHeaders);
    // One user per sign-in loop: more than LIMITS.loginMaxFailures sign-ins in flight for one user name from
    // one address are refused (the throttle cannot tell them from guesses), and every loop is on 127.0.0.1.
    const loginUsers = Array.from({ length: LOGIN_CONCURRENCY }, (_, i) => `bench${i}`);
    for (const userName of loginUsers) {
      const payload = JSON.stringify({ userName, name: userName, password: ADMIN_PASSWORD, roleIds: [1] });
      const added = await send(agent, port, 'POST', USER_ADD_PATH, { ...jsonHeaders, ...tokenHeaders }, payload);
      if (!succeeded(added)) throw new Error(`adding ${userName} failed: HTTP ${added.status} ${added.body}`);
    }

    console.log(
      `envmon API benchmark: node ${process.version}, ${availableParallelism()} cores, SQLite, loopback HTTP keep-alive, ` +
        `${SECONDS} s per call (at most ${MAX_REQUESTS} requests)`,
    );
    // Warm-up: JIT, statement caches, argon2 thread pool.
    await Promise.all([...Array.from({ length: 200 }, userInfo), ...loginUsers.slice(0, 4).map(login)]);

    const results = [
      await measure(`GET getByToken (x${CONCURRENCY})`, CONCURRENCY, MAX_REQUESTS, userInfo),
      await measure(
        `POST login, argon2id (x${LOGIN_CONCURRENCY})`,
        LOGIN_CONCURRENCY,
        Math.min(MAX_REQUESTS, 5000),
        (loop) => login(loginUsers[loop]),
      ),
    ];
    report(results);
    const failed = results.filter((r) => r.errors > 0);
    for (const r of failed) console.error(`${r.name}: ${r.errors} failed requests, first: ${r.firstError ?? '?'}`);
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    agent.destroy();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
