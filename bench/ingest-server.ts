// The server half of `npm run bench:ingest`, forked by bench/ingest.ts: the real app with its HJ 212
// gateway on a migrated database, the benchmark's stations registered as devices. It runs in its own
// process so that the load generator's sockets and buffers are not in its memory or on its event loop;
// the parent starts it with --expose-gc (memory is sampled after a full GC) and, when asked, --cpu-prof.
// Not meant to be run by hand.
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { buildApp } from '@envmon/server/dist/app.js';
import { loadConfig } from '@envmon/server/dist/config/config.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import type { IngestBatch, IngestRepository } from '@envmon/server/dist/ingest/ingest.repository.js';
import { PostgresIngestRepository } from '@envmon/server/dist/ingest/postgres-ingest.repository.js';
import { SqliteIngestRepository } from '@envmon/server/dist/ingest/sqlite-ingest.repository.js';
import {
  type FromServer,
  type MemorySample,
  type ServerSetup,
  type ServerStats,
  stationCode,
  type ToServer,
} from './ingest-common.js';

const hrtimeUs = () => Number(process.hrtime.bigint() / 1000n);
const send = (message: FromServer) => process.send?.(message);

const setup = JSON.parse(process.env.ENVMON_BENCH_SETUP ?? 'null') as ServerSetup | null;
if (!setup || !process.send) throw new Error('bench/ingest-server.js is started by bench/ingest.js');

// Time spent writing batches, measured around the repository (the server code itself is untouched).
const writes = { batches: 0, packets: 0, writeMs: 0, maxWriteMs: 0, maxBatch: 0 };
for (const repository of [PostgresIngestRepository, SqliteIngestRepository]) {
  const writeBatch = Object.getOwnPropertyDescriptor(repository.prototype, 'writeBatch')?.value as (
    this: IngestRepository,
    batch: IngestBatch,
  ) => Promise<void>;
  repository.prototype.writeBatch = async function timedWriteBatch(this: IngestRepository, batch: IngestBatch) {
    const t0 = performance.now();
    try {
      await writeBatch.call(this, batch);
    } finally {
      writes.batches += 1;
      writes.packets += batch.originals.length;
      const ms = performance.now() - t0;
      writes.writeMs += ms;
      writes.maxWriteMs = Math.max(writes.maxWriteMs, ms);
      writes.maxBatch = Math.max(writes.maxBatch, batch.originals.length);
    }
  };
}

async function registerStations(config: ReturnType<typeof loadConfig>, s: ServerSetup): Promise<void> {
  const { db } = openDatabase(config.database);
  try {
    const now = Date.now();
    const rows = Array.from({ length: s.stations }, (_, i) => ({
      deviceName: `bench station ${i}`,
      deviceCode: stationCode(s.group, i),
      deviceType: '21',
      createTime: now,
      updateTime: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('devices')
        .values(rows.slice(i, i + 500))
        .execute();
  } finally {
    await db.destroy();
  }
}

function memory(connections: number): MemorySample {
  const gc = typeof global.gc === 'function';
  // Twice: the first pass may only queue finalisers (socket handles) whose memory the second frees.
  global.gc?.();
  global.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, gc, connections };
}

async function main(s: ServerSetup): Promise<void> {
  const config = loadConfig({
    DATABASE_URL: s.databaseUrl,
    DEMO: '0',
    ADMIN_PASSWORD: 'bench-Admin@123',
    LOG_LEVEL: 'error',
    LOG_DIR: join(s.dir, 'logs'),
    WEB_DIST: join(s.dir, 'no-console'),
    GATEWAY_PORT: '0',
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_MAX_CONNECTIONS: String(s.maxConnections),
  });
  const app = await buildApp({ config, gateway: true });
  const stations = app.stations;
  if (!stations) throw new Error('the app started without its gateway');
  await registerStations(config, s);

  let measuring: {
    t0: number;
    fromUs: number;
    cpu: NodeJS.CpuUsage;
    elu: ReturnType<typeof performance.eventLoopUtilization>;
  } | null = null;
  let writesAtStart = { ...writes };
  process.on('message', (message: ToServer) => {
    switch (message.type) {
      case 'window-start':
        writes.maxWriteMs = 0;
        writes.maxBatch = 0;
        writesAtStart = { ...writes };
        measuring = {
          t0: performance.now(),
          fromUs: hrtimeUs(),
          cpu: process.cpuUsage(),
          elu: performance.eventLoopUtilization(),
        };
        return;
      case 'window-end': {
        if (!measuring) return;
        const cpu = process.cpuUsage(measuring.cpu);
        const stats: ServerStats = {
          batches: writes.batches - writesAtStart.batches,
          packets: writes.packets - writesAtStart.packets,
          writeMs: writes.writeMs - writesAtStart.writeMs,
          maxWriteMs: writes.maxWriteMs,
          maxBatch: writes.maxBatch,
          wallMs: performance.now() - measuring.t0,
          cpuUserMs: cpu.user / 1000,
          cpuSystemMs: cpu.system / 1000,
          eventLoopUtilisation: performance.eventLoopUtilization(measuring.elu).utilization,
          fromUs: measuring.fromUs,
          toUs: hrtimeUs(),
        };
        send({ type: 'window', stats });
        return;
      }
      case 'memory':
        send({ type: 'memory', memory: memory(stations.gateway.connections) });
        return;
      case 'connections':
        send({ type: 'connections', count: stations.gateway.connections });
        return;
      case 'close':
        void app
          .close()
          .then(
            () => send({ type: 'closed' }),
            (err: unknown) => send({ type: 'failed', error: String(err) }),
          )
          .finally(() => process.disconnect());
        return;
    }
  });
  send({ type: 'ready', port: stations.port });
}

main(setup).catch((err: unknown) => {
  send({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exitCode = 1;
  process.disconnect();
});
