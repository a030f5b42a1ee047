import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from '../support/env.js';

/**
 * A second envmon server a spec starts for itself (the built server, as global setup starts the first): its own
 * temporary SQLite file, free HTTP and gateway ports, no demo stations, the same admin password. The forwarding
 * spec uses it as the upstream platform the first one forwards to — an envmon server is a real HJ 212 upstream.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const READY_TIMEOUT_MS = 20_000;
const POLL_MS = 100;
const STOP_TIMEOUT_MS = 5_000;

export interface SecondServer {
  baseURL: string;
  gatewayPort: number;
  /** Stops the server and removes its files; its output is returned for a failing test's report. */
  stop(): Promise<string>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '(no output)';
  }
};

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Starts the second server and waits until it answers. */
export async function startSecondServer(): Promise<SecondServer> {
  const dir = mkdtempSync(join(tmpdir(), 'envmon-e2e-second-'));
  const logFile = join(dir, 'server.log');
  mkdirSync(join(dir, 'logs'));
  const [port, gatewayPort] = [await freePort(), await freePort()];
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    GATEWAY_PORT: String(gatewayPort),
    DATABASE_URL: `sqlite:${join(dir, 'envmon.db')}`,
    DEMO: '0',
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
  const stop = async () => {
    await stopChild(child);
    const output = read(logFile);
    rmSync(dir, { recursive: true, force: true });
    return output;
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const output = await stop();
      throw new Error(`the second server exited before answering:\n${output.slice(-4000)}`);
    }
    try {
      const res = await fetch(`${baseURL}/manager/system/config/rest/get`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return { baseURL, gatewayPort, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const output = await stop();
      throw new Error(`the second server did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
