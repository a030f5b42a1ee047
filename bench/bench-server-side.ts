// The server child's side of the gateway benchmarks: its settings, timing the batch writes, the stations
// registered as devices, and answering the parent.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { App } from '@envmon/server/dist/app-types.js';
import { loadConfig } from '@envmon/server/dist/config/config.js';
import { openDatabase } from '@envmon/server/dist/db/connection.js';
import type { IngestBatch, IngestRepository } from '@envmon/server/dist/ingest/ingest.repository.js';
import { PostgresIngestRepository } from '@envmon/server/dist/ingest/postgres-ingest.repository.js';
import { SqliteIngestRepository } from '@envmon/server/dist/ingest/sqlite-ingest.repository.js';
import {
  type FromServer,
  type MemorySample,
  type ServerStats,
  type StationGroup,
  stationCode,
  type ToServer,
} from './ingest-common.js';

export const ADMIN_PASSWORD = 'bench-Admin@123';

/** The app's settings in a benchmark: no demo data, quiet logs, no console build; a loopback gateway when asked. */
export function benchConfig(databaseUrl: string, dir: string, gateway?: { maxConnections: number }) {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    DEMO: '0',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
    LOG_DIR: join(dir, 'logs'),
    WEB_DIST: join(dir, 'no-console'),
    ...(gateway && {
      GATEWAY_PORT: '0',
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_MAX_CONNECTIONS: String(gateway.maxConnections),
      // Every simulated station connects from loopback, a few hundred at once before they prove themselves.
      GATEWAY_MAX_UNPROVEN_PER_ADDRESS: String(gateway.maxConnections),
    }),
  });
}

export interface WriteTimes {
  batches: number;
  packets: number;
  writeMs: number;
  maxWriteMs: number;
  maxBatch: number;
}

/** Times IngestRepository.writeBatch from around the repositories (the server code itself is untouched). Call once. */
export function timeWriteBatches(): WriteTimes {
  const writes: WriteTimes = { batches: 0, packets: 0, writeMs: 0, maxWriteMs: 0, maxBatch: 0 };
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
  return writes;
}

/** Inserts the benchmark's stations as devices; returns each one's id by MN. */
export async function registerStations(
  config: ReturnType<typeof loadConfig>,
  groups: readonly { group: StationGroup; count: number }[],
): Promise<Record<string, number>> {
  const { db } = openDatabase(config.database);
  try {
    const now = Date.now();
    for (const { group, count } of groups) {
      const rows = Array.from({ length: count }, (_, i) => ({
        deviceName: `bench ${group} station ${i}`,
        deviceCode: stationCode(group, i),
        deviceType: '21',
        createTime: now,
        updateTime: now,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto('devices')
          .values(rows.slice(i, i + 500))
          .execute();
    }
    const ids = await db
      .selectFrom('devices')
      .select(['id', 'deviceCode'])
      .where('deviceCode', 'like', 'BENCH%')
      .execute();
    return Object.fromEntries(ids.map((d) => [d.deviceCode, d.id]));
  } finally {
    await db.destroy();
  }
}

const hrtimeUs = () => Number(process.hrtime.bigint() / 1000n);
const tellParent = (message: FromServer) => process.send?.(message);

function memory(connections: number): MemorySample {
  const gc = typeof global.gc === 'function';
  // Twice: the first pass may only queue finalisers (socket handles) whose memory the second frees.
  global.gc?.();
  global.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, gc, connections };
}

/** Answers the parent's requests (measured windows, memory, connections, close), then says it is ready. */
export function answerParent(app: App, writes: WriteTimes, ready: Extract<FromServer, { type: 'ready' }>): void {
  const stations = app.stations;
  if (!stations) throw new Error('the app started without its gateway');
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
        tellParent({ type: 'window', stats });
        return;
      }
      case 'memory':
        tellParent({ type: 'memory', memory: memory(stations.gateway.connections) });
        return;
      case 'connections':
        tellParent({ type: 'connections', count: stations.gateway.connections });
        return;
      case 'trace':
      case 'configure':
      case 'enable':
      case 'count':
        // The alarm and forward benchmarks' servers answer these themselves.
        return;
      case 'close':
        void app
          .close()
          .then(
            () => tellParent({ type: 'closed' }),
            (err: unknown) => tellParent({ type: 'failed', error: String(err) }),
          )
          .finally(() => process.disconnect());
        return;
    }
  });
  tellParent(ready);
}

/** Runs a server child's main with the setup its parent passed; failures are reported to the parent. */
export function runServerChild<S>(script: string, main: (setup: S) => Promise<void>): void {
  const setup = JSON.parse(process.env.ENVMON_BENCH_SETUP ?? 'null') as S | null;
  if (!setup || !process.send) throw new Error(`${script} is started by its benchmark, not by hand`);
  main(setup).catch((err: unknown) => {
    tellParent({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.exitCode = 1;
    process.disconnect();
  });
}
