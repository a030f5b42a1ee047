import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { USERS } from './env.js';
import type { ServerState } from './server-state.js';

/** Sign-in tokens are 32 random bytes in base64url (apps/server session.service.ts). */
const TOKEN_CANDIDATE = /[A-Za-z0-9_-]{43,}/g;
const TOKEN_LENGTH = 43;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every token the run's server issued: it keeps their SHA-256 hashes, revoked ones included, in `sessions`. */
function issuedTokenHashes(databaseFile: string): Set<string> {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('select token_hash as hash from sessions').all() as { hash: string }[];
    return new Set(rows.map((row) => row.hash));
  } finally {
    db.close();
  }
}

/** The server's log files (LOG_DIR) and what it wrote to stdout and stderr. */
function logTexts(state: ServerState): { name: string; text: string }[] {
  const logDir = join(state.dir, 'logs');
  const files = existsSync(logDir) ? readdirSync(logDir).map((name) => join(logDir, name)) : [];
  return [...files, state.logFile]
    .filter((file) => existsSync(file))
    .map((file) => ({ name: file, text: readFileSync(file, 'utf8') }));
}

/**
 * Issue 13, hole 4: the logs of a whole browser run hold none of the tokens the server issued and
 * none of the demo users' passwords. A token is found wherever any 43 characters of base64url
 * hash to an issued one, so tokens signed in through the form are checked as well as the API's.
 * Returns what leaked, with where (tokens shortened); empty when nothing did.
 */
export function leakedSecrets(state: ServerState): string[] {
  const hashes = issuedTokenHashes(join(state.dir, 'envmon.db'));
  const passwords = Object.values(USERS).map((user) => user.password);
  const leaks: string[] = [];
  for (const { name, text } of logTexts(state)) {
    const tokens = new Set<string>();
    for (const [run] of text.matchAll(TOKEN_CANDIDATE)) {
      for (let at = 0; at + TOKEN_LENGTH <= run.length; at += 1) {
        const candidate = run.slice(at, at + TOKEN_LENGTH);
        if (hashes.has(sha256(candidate))) tokens.add(candidate);
      }
    }
    for (const token of tokens) leaks.push(`a sign-in token (${token.slice(0, 6)}…) in ${name}`);
    for (const password of passwords) {
      if (text.includes(password)) leaks.push(`a password (${password.slice(0, 2)}…) in ${name}`);
    }
  }
  return leaks;
}
