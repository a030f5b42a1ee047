// Child processes of `npm test` (scripts/test.mjs): each runs in its own process group so that a
// timeout or Ctrl-C ends the whole tree (Vitest workers, Playwright's browser, the e2e server) and
// nothing is left behind.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'node_modules', '.bin');

/** @typedef {{ passed: number, failed: number, skipped: number }} Counts */

/** A stage's failure, with the tests it counted before failing. */
export class StageError extends Error {
  /** @param {string} message @param {Counts} [counts] */
  constructor(message, counts) {
    super(message);
    this.counts = counts;
  }
}

/** @type {Set<import('node:child_process').ChildProcess>} */
export const children = new Set();

const CAPTURE_LIMIT = 4 * 1024 * 1024;

/**
 * @param {string[]} argv
 * @param {{ env?: NodeJS.ProcessEnv, timeout?: number, label?: string, output?: { text: string } }} [opts]
 *   `output`, when given, also collects what the command prints (its last 4 MiB).
 * @returns {Promise<{ counts?: Counts }>}
 */
export function command(argv, opts = {}) {
  return new Promise((resolve, reject) => {
    const [cmd, ...args] = argv;
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: opts.env ?? childEnv(),
      stdio: ['ignore', opts.output ? 'pipe' : 'inherit', opts.output ? 'pipe' : 'inherit'],
      detached: true,
    });
    if (opts.output) {
      const sink = opts.output;
      const collect = (target) => (chunk) => {
        target.write(chunk);
        sink.text = (sink.text + chunk.toString()).slice(-CAPTURE_LIMIT);
      };
      child.stdout.on('data', collect(process.stdout));
      child.stderr.on('data', collect(process.stderr));
    }
    children.add(child);
    let timedOut = false;
    const timer = opts.timeout
      ? setTimeout(() => {
          timedOut = true;
          killGroup(child, 'SIGTERM');
          setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
        }, opts.timeout)
      : undefined;
    child.on('error', (err) => {
      clearTimeout(timer);
      children.delete(child);
      reject(
        new StageError(
          `could not run ${cmd}: ${err.message}${existsSync(join(ROOT, 'node_modules')) ? '' : ' (run `npm ci` first)'}`,
        ),
      );
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      // Reap anything the command left running in its group (e.g. a server a crashed setup started).
      killGroup(child, 'SIGKILL');
      const shown = opts.label ?? argv.map((a) => a.replace(`${BIN}/`, '')).join(' ');
      if (timedOut) reject(new StageError(`timed out after ${opts.timeout / 1000} s: ${shown}`));
      else if (code === 0) resolve({});
      else reject(new StageError(`${shown} exited with ${signal ?? `code ${code}`}`));
    });
  });
}

export function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** The environment of every stage: ours, minus database settings a developer may have exported. */
export function childEnv(extra = {}) {
  const env = {
    ...process.env,
    FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : undefined),
    ...extra,
  };
  delete env.DATABASE_URL;
  if (!('TEST_DATABASE_URL' in extra)) delete env.TEST_DATABASE_URL;
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return env;
}
