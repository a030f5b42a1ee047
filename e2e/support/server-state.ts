import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Global setup hands the server's whereabouts to global teardown through this variable. */
export const SERVER_STATE_ENV = 'ENVMON_E2E_SERVER';

export interface ServerState {
  pid: number;
  /** Temporary directory with the SQLite file and logs; removed at teardown. */
  dir: string;
  logFile: string;
}

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the server (SIGTERM, then SIGKILL after 10 s), keeps its log in e2e/test-results/server.log,
 * lets `inspect` read its files, then removes the temp dir.
 */
export async function stopServer(state: ServerState, inspect?: () => void): Promise<void> {
  if (state.pid > 0 && alive(state.pid)) {
    process.kill(state.pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (alive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(state.pid)) process.kill(state.pid, 'SIGKILL');
  }
  try {
    mkdirSync(RESULTS, { recursive: true });
    copyFileSync(state.logFile, join(RESULTS, 'server.log'));
  } catch {
    // no log to keep
  }
  try {
    inspect?.();
  } finally {
    rmSync(state.dir, { recursive: true, force: true });
  }
}
