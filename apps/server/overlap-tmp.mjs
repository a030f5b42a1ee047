import { openDatabase } from '/work/main/apps/server/dist/db/connection.js';
import { migrateToLatest } from '/work/main/apps/server/dist/db/migrations/index.js';
import { PostgresIngestRepository } from '/work/main/apps/server/dist/ingest/postgres-ingest.repository.js';
import pg from 'pg';
const c = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres'); await c.connect();
await c.query('drop database if exists ovl with (force)'); await c.query('create database ovl'); await c.end();
const handle = openDatabase({ dialect: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/ovl' });
await migrateToLatest(handle.db, 'postgres');
const repo = new PostgresIngestRepository(handle.db);
const T = Date.UTC(2026, 0, 1);
const F = ['a01001', 'a01002', 'w01018'];
function batch(devices, minute) {
  const measurements = devices.flatMap((d) => F.map((f) => ({ deviceId: d, kind: 'min', dataTime: T + minute * 60000, factorCode: f, value: minute, stationValue: null, min: null, max: null, cou: null, flag: 'N', quality: 'N', receivedAt: T })));
  return { originals: [], measurements, latest: measurements.map((m) => ({ deviceId: m.deviceId, factorCode: m.factorCode, kind: 'min', dataTime: m.dataTime, value: m.value, flag: 'N', quality: 'N', receivedAt: T })), rollups: [], tileHours: [] };
}
const devices = Array.from({ length: Number(process.env.N ?? 4000) }, (_, i) => i + 1);
const t0 = performance.now();
const log = (s) => console.log((performance.now() - t0).toFixed(1), s);
for (let r = 0; r < 3; r++) {
  const a = batch(devices, r * 2), b = batch([...devices].reverse(), r * 2 + 1);
  log('start');
  await Promise.all([repo.writeBatch(a).then(() => log('a done')), repo.writeBatch(b).then(() => log('b done'))]);
}
await handle.db.destroy();
