import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, spawnBuiltServer, tail, waitUntilAnswering } from './built-server.js';
import { BASE_URL_ENV, CHROMIUM_PATH, GATEWAY_PORT_ENV } from './env.js';
import { SERVER_STATE_ENV, type ServerState, stopServer } from './server-state.js';

const READY_TIMEOUT_MS = 60_000;
/**
 * On start the demo asks its stations for a year of history (thousands of packets stored and rolled up):
 * the server is slow to answer until that is over. The tests start after it, so none of them (two at a
 * time) measures the start-up load instead of its screen. The server logs this line when it is done.
 */
const DEMO_HISTORY_DONE = 'demo history: done';
const DEMO_HISTORY_TIMEOUT_MS = 240_000;

function checkPrerequisites(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's (\`sudo apt-get install -y chromium fonts-noto-cjk\`) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
    );
  }
  for (const file of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!existsSync(join(ROOT, file)))
      throw new Error(`${file} is missing: run \`npm run build\` before the browser tests.`);
  }
}

/** Waits until `line` is in the server's output or its log files; fails when the server exits or time is up. */
async function waitForLogLine(
  output: string,
  logDir: string,
  line: string,
  timeoutMs: number,
  exited: () => string | undefined,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const logged = () =>
    [output, ...readdirSync(logDir).map((name) => join(logDir, name))].some((file) => {
      try {
        return readFileSync(file, 'utf8').includes(line);
      } catch {
        return false;
      }
    });
  while (!logged()) {
    const gone = exited();
    if (gone) throw new Error(`the e2e server exited (${gone}) before '${line}':\n${tail(output)}`);
    if (Date.now() > deadline)
      throw new Error(`the e2e server did not log '${line}' within ${timeoutMs / 1000} s:\n${tail(output)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Starts the built server on a free port with a fresh SQLite file, the demo data and a known admin password. */
export default async function globalSetup(): Promise<void> {
  checkPrerequisites();
  const server = await spawnBuiltServer('envmon-e2e-', true);
  const { child, dir, logFile, baseURL, gatewayPort } = server;
  const state: ServerState = { pid: child.pid ?? -1, dir, logFile };
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = signal ?? `code ${code}`));

  try {
    await waitUntilAnswering(server, READY_TIMEOUT_MS, 250);
    await waitForLogLine(logFile, join(dir, 'logs'), DEMO_HISTORY_DONE, DEMO_HISTORY_TIMEOUT_MS, () => exited);
  } catch (error) {
    await stopServer(state);
    throw error;
  }
  // Only the exit listener keeps a handle on the child; the runner must not wait for it.
  child.unref();

  process.env[BASE_URL_ENV] = baseURL;
  process.env[GATEWAY_PORT_ENV] = String(gatewayPort);
  process.env[SERVER_STATE_ENV] = JSON.stringify(state);
  console.log(`[e2e] server ready at ${baseURL} (SQLite in ${dir})`);
}
