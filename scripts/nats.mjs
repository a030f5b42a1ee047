#!/usr/bin/env node
// A throwaway NATS server with JetStream, for the tests and the cluster.
//
//   node scripts/nats.mjs                 start one, print its URL, stop it on Ctrl-C
//   node scripts/nats.mjs -- <cmd> [...]  run <cmd> with TEST_NATS_URL set, then stop it
//   import { startNats } from './nats.mjs'   (the medium tests' global setup does this)
//
// If TEST_NATS_URL is already set, that server is used and nothing is started. Otherwise Debian's
// `nats-server` (on PATH, in /usr/sbin or /usr/bin, or NATS_SERVER) is started with JetStream on
// 127.0.0.1 on a free port, its store in a temporary directory removed when it stops. It never
// touches a NATS server already running on the machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const HOW_TO_PROVIDE =
  'Provide a NATS server for the tests in one of two ways:\n' +
  '  - install it (Debian/Ubuntu: `sudo apt-get install -y nats-server`); the tests start their own\n' +
  '    throwaway server with JetStream (or set NATS_SERVER to the binary);\n' +
  '  - or point TEST_NATS_URL at a server with JetStream you run, e.g. TEST_NATS_URL=nats://127.0.0.1:4222.';
/** How long a starting server may take to say it is ready. */
const READY_TIMEOUT_MS = 15_000;
/** What nats-server prints once it accepts clients. */
const READY_LINE = /Server is ready/;

export class NatsUnavailableError extends Error {
  constructor(reason) {
    super(`NATS is not available: ${reason}\n${HOW_TO_PROVIDE}`);
    this.name = 'NatsUnavailableError';
  }
}

/** The nats-server binary; undefined when there is none. */
export function findNatsServer() {
  if (process.env.NATS_SERVER) {
    if (!existsSync(process.env.NATS_SERVER)) {
      throw new NatsUnavailableError(`NATS_SERVER=${process.env.NATS_SERVER} does not exist.`);
    }
    return process.env.NATS_SERVER;
  }
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/usr/local/bin'];
  return dirs.map((dir) => join(dir, 'nats-server')).find((path) => path && existsSync(path));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throwaway server (or takes TEST_NATS_URL's); resolves to its URL and a stop function that
 * ends it and removes its store.
 */
export async function startNats({ log = (m) => process.stderr.write(`[nats] ${m}\n`) } = {}) {
  if (process.env.TEST_NATS_URL) return { url: process.env.TEST_NATS_URL, stop: async () => {} };
  const binary = findNatsServer();
  if (!binary) throw new NatsUnavailableError('no nats-server binary was found.');
  const store = mkdtempSync(join(tmpdir(), 'envmon-nats-'));
  const port = await freePort();
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  const removeStore = () => rmSync(store, { recursive: true, force: true });
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new NatsUnavailableError(`not ready in ${READY_TIMEOUT_MS} ms:\n${output}`)),
        READY_TIMEOUT_MS,
      );
      child.stderr.on('data', (chunk) => {
        // Only the start is kept: a long-running server's log is not ours to hold.
        if (output.length < 64 * 1024) output += chunk;
        if (READY_LINE.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(new NatsUnavailableError(err.message));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new NatsUnavailableError(`nats-server exited with ${code}:\n${output}`));
      });
    });
  } catch (err) {
    child.kill('SIGKILL');
    removeStore();
    throw err;
  }
  child.stderr.resume();
  const url = `nats://127.0.0.1:${port}`;
  log(`started ${url} (store ${store})`);
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) {
        removeStore();
        resolve();
        return;
      }
      child.once('exit', () => {
        removeStore();
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url, stop };
}

async function main() {
  const args = process.argv.slice(2);
  const separator = args.indexOf('--');
  const { url, stop } = await startNats();
  const end = async (code) => {
    await stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void end(130));
  process.once('SIGTERM', () => void end(143));
  if (separator < 0) {
    process.stdout.write(`${url}\n`);
    return;
  }
  const [cmd, ...rest] = args.slice(separator + 1);
  const child = spawn(cmd, rest, { stdio: 'inherit', env: { ...process.env, TEST_NATS_URL: url } });
  child.once('exit', (code, signal) => void end(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
