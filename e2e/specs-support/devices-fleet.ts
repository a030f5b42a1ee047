import Database from 'better-sqlite3';
import { join } from 'node:path';
import { SERVER_STATE_ENV, type ServerState } from '../support/server-state.js';

/**
 * A large fleet written straight into the e2e server's SQLite file: 10,000 devices through the
 * API would spend the test's time on the import, not on the tree being measured.
 */
function openDatabase(): Database.Database {
  const raw = process.env[SERVER_STATE_ENV];
  if (!raw) throw new Error(`${SERVER_STATE_ENV} is not set: run through e2e/playwright.config.ts`);
  const state = JSON.parse(raw) as ServerState;
  const db = new Database(join(state.dir, 'envmon.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

export function insertFleet(prefix: string, count: number): void {
  const db = openDatabase();
  try {
    const now = Date.now();
    const insert = db.prepare(
      `insert into devices (device_name, device_code, device_type, interval_time, lng, lat, if_valid, create_time, update_time)
       values (?, ?, '21', 60, ?, ?, 1, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const n = String(i).padStart(5, '0');
        insert.run(`${prefix}站${n}`, `${prefix}${n}`, 110 + (i % 100) * 0.1, 20 + Math.floor(i / 100) * 0.1, now, now);
      }
    })();
  } finally {
    db.close();
  }
}

export function deleteFleet(prefix: string): void {
  const db = openDatabase();
  try {
    db.prepare('delete from devices where device_code like ?').run(`${prefix}%`);
  } finally {
    db.close();
  }
}
