import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './env.js';

/**
 * The built server (apps/server/dist/main.js) as the browser tests start it: global setup's server with the demo,
 * and the second server a spec may start for itself (an upstream platform). Each gets a temporary directory with
 * its own SQLite file and logs, free HTTP and gateway ports and the tests' admin password.
 */

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface BuiltServer {
  child: ChildProcess;
  /** Temporary directory with the SQLite file and logs. */
  dir: string;
  logFile: string;
  baseURL: string;
  gatewayPort: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The end of a file (a server's output), or a marker when there is none. */
export function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/** Spawns the built server; `demo` seeds the demo stations (their history is asked for at start). */
export async function spawnBuiltServer(prefix: string, demo: boolean): Promise<BuiltServer> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const logFile = join(dir, 'server.log');
  mkdirSync(join(dir, 'logs'));
  const [port, gatewayPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    GATEWAY_PORT: String(gatewayPort),
    DATABASE_URL: `sqlite:${join(dir, 'envmon.db')}`,
    // A DATABASE_URL turns the demo off unless asked for.
    DEMO: demo ? '1' : '0',
    ADMIN_PASSWORD,
    LOG_DIR: join(dir, 'logs'),
    NODE_ENV: 'production',
  };
  delete env.TEST_DATABASE_URL;
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', out, out],
  });
  return { child, dir, logFile, baseURL: `http://127.0.0.1:${port}`, gatewayPort };
}

/**
 * Waits until the server answers; fails with its output's end when it exits first or time is up (the caller
 * stops it then).
 */
export async function waitUntilAnswering(server: BuiltServer, timeoutMs: number, pollMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null)
      throw new Error(
        `the server exited (${signalCode ?? `code ${exitCode}`}) before answering:\n${tail(server.logFile)}`,
      );
    try {
      const res = await fetch(`${server.baseURL}/manager/system/config/rest/get`, {
        signal: AbortSignal.timeout(2000),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(
        `the server did not answer on ${server.baseURL} within ${timeoutMs / 1000} s:\n${tail(server.logFile)}`,
      );
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
