import { randomInt } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../../../../scripts/postgres.mjs';
import type { Leadership } from '../../cluster/leadership.js';
import type { AppConfig } from '../../config/config.js';
import { electUpstreams } from './transfer-format.module.js';

const RETRY_MS = 100;
const FAILOVER = { timeout: 5 * RETRY_MS + 2000, interval: 20 };

let server: Awaited<ReturnType<typeof startPostgres>>;
const started: Leadership[] = [];

/** A process of a cluster (NATS and PostgreSQL) as far as the forwarding's election goes. */
function processNamed(nodeId: string) {
  const config = {
    nodeId,
    natsUrl: 'nats://127.0.0.1:4222',
    database: { dialect: 'postgres', url: server.url },
  } as unknown as AppConfig;
  const elect = electUpstreams({ config, log: pino({ level: 'silent' }) }, RETRY_MS);
  return async (upstreamId: number) => {
    const leadership = await elect(upstreamId);
    started.push(leadership);
    return leadership;
  };
}

beforeAll(async () => {
  server = await startPostgres({ log: () => undefined });
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((l) => l.close()));
});

afterAll(() => {
  server?.stop();
});

/**
 * Issue 20: "a forwarding service elected once per cluster per upstream". Each upstream has its own advisory lock,
 * so two processes may share the upstreams between them; one that stops hands its upstreams over.
 */
describe('the forwarding election (PostgreSQL)', () => {
  it('elects one process per upstream, different upstreams possibly different processes, and hands over on close', async () => {
    // Upstream ids of this test's own, so that files sharing a server do not meet on a lock.
    const first = randomInt(1, 2 ** 31);
    const second = first + 1;
    const a = processNamed('node-a');
    const b = processNamed('node-b');
    const aFirst = await a(first);
    const bSecond = await b(second);
    const aSecond = await a(second);
    const bFirst = await b(first);
    expect([aFirst.isLeader(), bFirst.isLeader()]).toEqual([true, false]);
    expect([aSecond.isLeader(), bSecond.isLeader()]).toEqual([false, true]);

    // Node a stops serving the first upstream (gone from its settings, or the process stopping): b takes it over.
    await aFirst.close();
    await expect.poll(() => bFirst.isLeader(), FAILOVER).toBe(true);
    expect([aSecond.isLeader(), bSecond.isLeader()]).toEqual([false, true]);
    await bSecond.close();
    await expect.poll(() => aSecond.isLeader(), FAILOVER).toBe(true);
    expect(bFirst.isLeader()).toBe(true);
  });

  it('serves every upstream in one process without a cluster', async () => {
    const elect = electUpstreams({
      config: {
        nodeId: 'solo',
        natsUrl: undefined,
        database: { dialect: 'postgres', url: server.url },
      } as unknown as AppConfig,
      log: pino({ level: 'silent' }),
    });
    expect([(await elect(1)).isLeader(), (await elect(2)).isLeader()]).toEqual([true, true]);
  });
});
