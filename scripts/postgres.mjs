#!/usr/bin/env node
// A throwaway PostgreSQL for the medium tests.
//
//   node scripts/postgres.mjs                 start one, print its URL, stop it on Ctrl-C
//   node scripts/postgres.mjs -- <cmd> [...]  run <cmd> with TEST_DATABASE_URL set, then stop it
//   import { startPostgres } from './postgres.mjs'   (scripts/test.mjs does this)
//
// If TEST_DATABASE_URL is already set, that server is used and nothing is started. Otherwise
// Debian's server binaries (/usr/lib/postgresql/<version>/bin, or PG_BINDIR) create a cluster
// in a temporary directory with trust authentication, listening on 127.0.0.1 on a free port with
// its socket inside that directory. It never touches a PostgreSQL already running on the machine.
// initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user.
import { spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const HOW_TO_PROVIDE =
  'Provide a PostgreSQL for the medium tests in one of two ways:\n' +
  '  - install the server binaries (Debian/Ubuntu: `sudo apt-get install -y postgresql`); the tests start\n' +
  '    their own throwaway server from /usr/lib/postgresql/<version>/bin (or set PG_BINDIR to another bin dir);\n' +
  '  - or point TEST_DATABASE_URL at a server you run, e.g.\n' +
  '    TEST_DATABASE_URL=postgres://postgres:secret@127.0.0.1:5432/postgres  (a maintenance database of a\n' +
  '    role that may CREATE DATABASE; the tests create and drop their own databases).';

export class PostgresUnavailableError extends Error {
  constructor(reason) {
    super(`PostgreSQL is not available: ${reason}\n${HOW_TO_PROVIDE}`);
    this.name = 'PostgresUnavailableError';
  }
}

/** The newest bin directory holding initdb, pg_ctl and postgres; undefined when there is none. */
export function findPostgresBinDir() {
  const hasAll = (dir) => ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(join(dir, b)));
  if (process.env.PG_BINDIR) {
    if (!hasAll(process.env.PG_BINDIR)) {
      throw new PostgresUnavailableError(
        `PG_BINDIR=${process.env.PG_BINDIR} does not hold initdb, pg_ctl and postgres.`,
      );
    }
    return process.env.PG_BINDIR;
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v) && hasAll(join(root, v, 'bin')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  // Other systems put the binaries on PATH.
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && hasAll(dir)) return dir;
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The user the cluster runs as: ourselves, or `postgres` when we are root. */
function clusterOwner() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) {
    throw new PostgresUnavailableError(
      'running as root, and initdb refuses to run as root, but there is no `postgres` system user to run it as ' +
        "(Debian's postgresql package creates one).",
    );
  }
  const [, , uid, gid] = line.split(':');
  return { name: 'postgres', uid: Number(uid), gid: Number(gid) };
}

function asOwner(owner, cmd, args) {
  if (!owner) return [cmd, args];
  if (existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser'))
    return ['runuser', ['-u', owner.name, '--', cmd, ...args]];
  const quoted = [cmd, ...args].map((a) => `'${String(a).replaceAll("'", `'\\''`)}'`).join(' ');
  return ['su', [owner.name, '-s', '/bin/sh', '-c', quoted]];
}

function run(owner, cwd, cmd, args, what) {
  const [c, a] = asOwner(owner, cmd, args);
  const r = spawnSync(c, a, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  if (r.error || r.status !== 0) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
    throw new Error(`${what} failed (${r.error?.message ?? `exit ${r.status}`}): ${c} ${a.join(' ')}\n${out}`);
  }
  return r;
}

/** A directory the cluster owner can reach: the system temp dir unless it is closed to other users. */
function tempRoot(owner) {
  const t = tmpdir();
  if (!owner) return t;
  try {
    return (statSync(t).mode & 0o001) !== 0 ? t : '/tmp';
  } catch {
    return '/tmp';
  }
}

/**
 * Starts a throwaway server (or adopts TEST_DATABASE_URL). Resolves to
 * `{ url, external, stop(), connections() }`; `stop()` is synchronous and idempotent, and also runs
 * when the process exits or is interrupted; `connections()` counts client sessions since start
 * (undefined for an external server).
 */
export async function startPostgres({ log = (m) => process.stderr.write(`[postgres] ${m}\n`) } = {}) {
  if (process.env.TEST_DATABASE_URL) {
    log('using TEST_DATABASE_URL from the environment');
    return { url: process.env.TEST_DATABASE_URL, external: true, stop() {}, connections: () => undefined };
  }
  const bin = findPostgresBinDir();
  if (!bin)
    throw new PostgresUnavailableError('no initdb/pg_ctl/postgres found in /usr/lib/postgresql/*/bin or on PATH.');
  const owner = clusterOwner();

  const dir = mkdtempSync(join(tempRoot(owner), 'envmon-pg-'));
  const data = join(dir, 'data');
  const sock = join(dir, 'sock');
  const logFile = join(dir, 'server.log');
  let started = false;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stop);
    for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.removeListener(s, onSignal);
    if (started) {
      const [c, a] = asOwner(owner, join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop']);
      spawnSync(c, a, { cwd: dir, stdio: 'ignore', timeout: 60_000 });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (sig) => {
    stop();
    process.kill(process.pid, sig);
  };
  process.once('exit', stop);
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(s, onSignal);

  try {
    if (owner) {
      chownSync(dir, owner.uid, owner.gid);
      chmodSync(dir, 0o700);
    }
    const t0 = Date.now();
    run(
      owner,
      dir,
      join(bin, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions'],
      'initdb',
    );
    run(owner, dir, '/bin/mkdir', ['-m', '0700', sock], 'mkdir socket dir');
    const port = await freePort();
    // Durability is worthless for a database deleted after the run; speed is not.
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        '',
        '# envmon test cluster',
        `listen_addresses = '127.0.0.1'`,
        `port = ${port}`,
        `unix_socket_directories = '${sock}'`,
        'max_connections = 200',
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        // Lets the test runner prove the suite really talked to this server.
        'log_connections = on',
        '',
      ].join('\n'),
    );
    run(owner, dir, join(bin, 'pg_ctl'), ['-D', data, '-l', logFile, '-w', '-t', '60', 'start'], 'pg_ctl start');
    started = true;
    const isready = join(bin, 'pg_isready');
    if (existsSync(isready)) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const r = spawnSync(isready, ['-q', '-h', '127.0.0.1', '-p', String(port), '-d', 'postgres', '-U', 'postgres']);
        if (r.status === 0) break;
        if (Date.now() > deadline) throw new Error(`server on port ${port} did not become ready`);
        await new Promise((res) => setTimeout(res, 200));
      }
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const authorized = () => {
      try {
        return readFileSync(logFile, 'utf8').split('connection authorized:').length - 1;
      } catch {
        return 0;
      }
    };
    const baseline = authorized();
    log(
      `PostgreSQL ${bin.match(/postgresql\/([^/]+)\//)?.[1] ?? ''} ready at ${url} (data in ${dir}, ${Date.now() - t0} ms)`.replace(
        '  ',
        ' ',
      ),
    );
    return { url, external: false, stop, connections: () => authorized() - baseline };
  } catch (err) {
    let serverLog = '';
    try {
      serverLog = readFileSync(logFile, 'utf8').trim().split('\n').slice(-20).join('\n');
    } catch {
      // no log yet
    }
    stop();
    if (err instanceof PostgresUnavailableError) throw err;
    throw new PostgresUnavailableError(
      `could not start a throwaway server with ${bin}: ${err.message}${serverLog ? `\nserver log:\n${serverLog}` : ''}`,
    );
  }
}

async function main() {
  const sep = process.argv.indexOf('--');
  const cmd = sep === -1 ? [] : process.argv.slice(sep + 1);
  let pg;
  try {
    pg = await startPostgres();
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  if (cmd.length === 0) {
    process.stdout.write(`${pg.url}\n`);
    if (pg.external) return;
    process.stderr.write('[postgres] running; press Ctrl-C to stop and remove it\n');
    setInterval(() => {}, 1 << 30);
    return;
  }
  const child = spawn(cmd[0], cmd.slice(1), { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: pg.url } });
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.removeAllListeners(s);
    process.on(s, () => child.kill(s));
  }
  child.on('error', (err) => {
    process.stderr.write(`${cmd[0]}: ${err.message}\n`);
    pg.stop();
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    pg.stop();
    process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
