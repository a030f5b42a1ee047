import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Where the server keeps its data, as config/config.ts's AppConfig gives it (lib/ stays a leaf). */
export interface DataDirSettings {
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  logDir: string;
}

/** The admin the first start created (db/seed.ts's SeedReport['admin']). */
export interface CreatedAdmin {
  userName: string;
  password: string;
  generated: boolean;
}

/** Where a generated admin password is kept for the person who started the server. */
export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

/**
 * The server's data directory: the SQLite file's (./data by default); with PostgreSQL, which has no
 * file of its own here, the directory above LOG_DIR (./data by default too).
 */
export function dataDirOf(config: DataDirSettings): string {
  return config.database.dialect === 'sqlite' ? dirname(config.database.file) : dirname(resolve(config.logDir));
}

export function adminPasswordPath(config: DataDirSettings): string {
  return join(dataDirOf(config), ADMIN_PASSWORD_FILE);
}

/**
 * Writes the password to `path`, readable and writable by the server's account only (0600). A file
 * left from an earlier database is removed first, so the new password never sits in a file that
 * others could read.
 */
export function writeAdminPasswordFile(path: string, password: string): void {
  mkdirSync(dirname(path), { recursive: true });
  rmSync(path, { force: true });
  writeFileSync(path, `${password}\n`, { mode: 0o600, flag: 'wx' });
}

/**
 * Tells the person who started the server how to sign in the first time. A generated password goes
 * to the terminal (`write`) and to the password file, never to the logger: log files are kept,
 * rotated, downloaded from the server-log screen. Returns what was written to the terminal.
 */
export function announceAdmin(admin: CreatedAdmin, path: string, write: (text: string) => unknown): string {
  let text: string;
  if (!admin.generated) {
    text = `\n  Created user '${admin.userName}' with the password from ADMIN_PASSWORD.\n\n`;
  } else {
    let kept: string;
    try {
      writeAdminPasswordFile(path, admin.password);
      kept = `  It is also in ${path} (readable by this account only);\n  change it after signing in, then delete that file.`;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      kept = `  It could not be saved to ${path} (${reason}):\n  note it now; it is shown only this once. Change it after signing in.`;
    }
    text = `\n  Created user '${admin.userName}' with password: ${admin.password}\n${kept}\n\n`;
  }
  write(text);
  return text;
}

/** On a later start, the path of a first-start password file still lying around (null if there is none). */
export function leftoverAdminPasswordFile(path: string): string | null {
  return existsSync(path) ? path : null;
}
