// Child processes of `npm run cluster` (scripts/cluster.mjs): spawned with their output prefixed by
// their name, waited for until they answer, stopped by a signal with a deadline.
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HTTP_HEALTH_PATH } from './cluster-haproxy.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** A fresh database's migrations and demo seed come first: generous. */
const READY_TIMEOUT_MS = 120_000;
/** How long a child may take to stop on SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 10_000;
/** Lines of a child's output kept to say why it failed to start. */
const TAIL_LINES = 30;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function tcpOpen(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function httpOk(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${HTTP_HEALTH_PATH}`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * A child process, its output lines sent to `log` behind `[name]`. `start()` spawns it (again);
 * `stop()` sends a signal and waits for the exit, killing it after STOP_TIMEOUT_MS.
 */
export function child(name, command, args, { env, log }) {
  let proc = null;
  let exited = Promise.resolve();
  let tail = [];
  /** Set when we stopped it: its exit is then no news. */
  let expected = false;
  const self = {
    name,
    get pid() {
      return proc?.pid;
    },
    get running() {
      return proc !== null && proc.exitCode === null && proc.signalCode === null;
    },
    tail: () => tail.join('\n'),
    start() {
      tail = [];
      expected = false;
      proc = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const p = proc;
      for (const stream of [p.stdout, p.stderr]) {
        createInterface({ input: stream }).on('line', (line) => {
          tail.push(line);
          if (tail.length > TAIL_LINES) tail.shift();
          log(`[${name}] ${line}`);
        });
      }
      exited = new Promise((resolve) => {
        p.once('error', (err) => {
          log(`[${name}] ${err.message}`);
          resolve();
        });
        p.once('exit', (code, signal) => {
          if (!expected) log(`[${name}] exited (${signal ?? `code ${code}`})`);
          resolve();
        });
      });
    },
    async stop(signal = 'SIGTERM') {
      if (!self.running) return;
      const p = proc;
      expected = true;
      p.kill(signal);
      const timer = setTimeout(() => p.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
    /** Synchronous, for the process's exit: no waiting. */
    killNow() {
      if (self.running) proc.kill('SIGKILL');
    },
  };
  return self;
}

/** Polls `ready()` until true; fails when the child exits first or the time is up. */
export async function waitReady(proc, ready, what) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (await ready()) return;
    if (!proc.running) throw new Error(`${proc.name} exited before ${what}:\n${proc.tail()}`);
    if (Date.now() > deadline)
      throw new Error(`${proc.name}: no ${what} within ${READY_TIMEOUT_MS} ms:\n${proc.tail()}`);
    await sleep(250);
  }
}
