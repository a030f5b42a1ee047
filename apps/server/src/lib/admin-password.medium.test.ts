import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedReport } from '../db/seed.js';
import { createTestApp, login, type TestApp } from '../test/harness.js';
import { ADMIN_PASSWORD_FILE, adminPasswordPath, announceAdmin, dataDirOf } from './admin-password.js';
import { createServerLogger, type ServerLogger } from './logger.js';

/**
 * Issue 14, point 9: the first start's generated admin password stays findable — in a file only the
 * server's account may read, named on the terminal — and never reaches a log.
 */
describe('the generated admin password', () => {
  let dir: string;
  let server: ServerLogger;
  let t: TestApp;
  const terminal: string[] = [];
  const banner: string[] = [];
  let path: string;
  let admin: NonNullable<SeedReport['admin']> | null = null;
  let closed = false;
  const closeAll = async () => {
    if (closed) return;
    closed = true;
    await t.close();
    await server.close();
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'envmon-admin-password-'));
    path = join(dir, 'data', ADMIN_PASSWORD_FILE);
    server = createServerLogger('trace', join(dir, 'logs'), { terminal: { write: (text) => terminal.push(text) } });
    t = await createTestApp({
      config: { adminPassword: null },
      logger: server.logger,
      onAdminCreated: (created) => {
        admin = created;
        server.logger.info('admin created');
      },
    });
  });

  afterAll(async () => {
    await closeAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is written to a file only the server account can read, which the terminal names', async () => {
    expect(admin?.generated).toBe(true);
    const created = admin as NonNullable<SeedReport['admin']>;
    const text = announceAdmin(created, path, (line) => banner.push(line));
    expect(banner.join('')).toBe(text);
    expect(text).toContain(`Created user 'admin' with password: ${created.password}`);
    expect(text).toContain(path);

    expect(statSync(path).mode & 0o777).toBe(0o600);
    const saved = readFileSync(path, 'utf8').trim();
    expect(saved).toBe(created.password);
    await login(t.app, 'admin', saved);

    // A second first start (a new database) replaces the file and keeps it private.
    writeFileSync(path, 'old\n', { mode: 0o644 });
    announceAdmin({ ...created, password: 'Second#Password1' }, path, () => undefined);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('Second#Password1\n');
  });

  it('never reaches the log files nor the logger’s terminal lines', async () => {
    const created = admin as NonNullable<SeedReport['admin']>;
    await t.app.inject({ url: '/manager/system/config/rest/get' });
    await closeAll();
    const files = readdirSync(join(dir, 'logs'))
      .map((name) => readFileSync(join(dir, 'logs', name), 'utf8'))
      .join('');
    expect(files).toContain('admin created');
    expect(files).not.toContain(created.password);
    expect(terminal.join('')).toContain('admin created');
    expect(terminal.join('')).not.toContain(created.password);
  });

  it('says so when ADMIN_PASSWORD gave it, and writes no file', () => {
    const other = join(dir, 'given', ADMIN_PASSWORD_FILE);
    const text = announceAdmin(
      { userName: 'admin', password: 'Given#Password1', generated: false },
      other,
      () => undefined,
    );
    expect(text).toContain('ADMIN_PASSWORD');
    expect(text).not.toContain('Given#Password1');
    expect(() => statSync(other)).toThrow();
  });
});

describe('dataDirOf', () => {
  it("is the SQLite file's directory, or the directory above LOG_DIR with PostgreSQL", () => {
    expect(dataDirOf({ database: { dialect: 'sqlite', file: './data/envmon.db' }, logDir: '/var/log/x' })).toBe(
      './data',
    );
    expect(dataDirOf({ database: { dialect: 'postgres', url: 'postgres://h/db' }, logDir: '/srv/envmon/logs' })).toBe(
      '/srv/envmon',
    );
    expect(adminPasswordPath({ database: { dialect: 'sqlite', file: '/tmp/e/envmon.db' }, logDir: 'logs' })).toBe(
      `/tmp/e/${ADMIN_PASSWORD_FILE}`,
    );
  });
});
