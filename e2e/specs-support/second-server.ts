import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { spawnBuiltServer, waitUntilAnswering } from '../support/built-server.js';

/**
 * A second envmon server a spec starts for itself (the built server, as global setup starts the first): its own
 * temporary SQLite file, free HTTP and gateway ports, no demo stations, the same admin password. The forwarding
 * spec uses it as the upstream platform the first one forwards to — an envmon server is a real HJ 212 upstream.
 */

const READY_TIMEOUT_MS = 20_000;
const POLL_MS = 100;
const STOP_TIMEOUT_MS = 5_000;

export interface SecondServer {
  baseURL: string;
  gatewayPort: number;
  /** Stops the server and removes its files; its output is returned for a failing test's report. */
  stop(): Promise<string>;
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
  const server = await spawnBuiltServer('envmon-e2e-second-', false);
  const { child, dir, logFile, baseURL, gatewayPort } = server;
  const stop = async () => {
    await stopChild(child);
    const output = read(logFile);
    rmSync(dir, { recursive: true, force: true });
    return output;
  };

  try {
    await waitUntilAnswering(server, READY_TIMEOUT_MS, POLL_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, gatewayPort, stop };
}
