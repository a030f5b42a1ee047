import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../../../scripts/postgres.mjs';
import { type Leadership, PostgresLeadership, soleLeadership } from './leadership.js';

/** Short periods keep the test quick; failover must come within a few of them. */
const RETRY_MS = 100;
const FAILOVER = { timeout: 5 * RETRY_MS + 1000, interval: 20 };

/** This file's own throwaway server, or TEST_DATABASE_URL's. */
let server: Awaited<ReturnType<typeof startPostgres>>;
let admin: pg.Client;
const started: Leadership[] = [];
const logs: Array<{ nodeId: string; msg: string }> = [];
/** A lock of each test's own, so files sharing TEST_DATABASE_URL's server do not meet on it. */
let lockKey: number;

function log(nodeId: string) {
  const line = (_fields: object, msg: string) => {
    logs.push({ nodeId, msg });
  };
  return { info: line, warn: line };
}

async function leadership(nodeId: string): Promise<PostgresLeadership> {
  const created = await PostgresLeadership.start({
    url: server.url,
    lockKey,
    nodeId,
    log: log(nodeId),
    retryMs: RETRY_MS,
  });
  started.push(created);
  return created;
}

/** The backend holding this test's lock, as the server sees it (a key below 2^32 is the lock's objid). */
async function holderPid(): Promise<number | null> {
  const { rows } = await admin.query<{ pid: number }>(
    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = $1",
    [lockKey],
  );
  return rows[0]?.pid ?? null;
}

beforeAll(async () => {
  server = await startPostgres({ log: () => undefined });
  admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((l) => l.close()));
  logs.length = 0;
});

afterAll(async () => {
  await admin?.end();
  server?.stop();
});

describe('PostgresLeadership', () => {
  it('elects exactly one of two processes on one lock, and tells the log which', async () => {
    lockKey = randomInt(1, 2 ** 31);
    const first = await leadership('node-a');
    const second = await leadership('node-b');
    expect(first.isLeader()).toBe(true);
    await sleep(3 * RETRY_MS);
    expect(second.isLeader()).toBe(false);
    expect(first.isLeader()).toBe(true);
    expect(await holderPid()).not.toBeNull();
    expect(logs).toEqual([{ nodeId: 'node-a', msg: 'leadership: elected' }]);
  });

  it('hands over to the other process when the leader closes', async () => {
    lockKey = randomInt(1, 2 ** 31);
    const first = await leadership('node-a');
    const second = await leadership('node-b');
    const seen: boolean[] = [];
    second.onChange((leader) => seen.push(leader));
    expect([first.isLeader(), second.isLeader()]).toEqual([true, false]);

    await first.close();
    expect(first.isLeader()).toBe(false);
    await expect.poll(() => second.isLeader(), FAILOVER).toBe(true);
    expect(seen).toEqual([true]);
    expect(logs).toEqual([
      { nodeId: 'node-a', msg: 'leadership: elected' },
      { nodeId: 'node-a', msg: 'leadership: lost' },
      { nodeId: 'node-b', msg: 'leadership: elected' },
    ]);
  });

  it('steps down when the server ends its session, and the other process takes over', async () => {
    lockKey = randomInt(1, 2 ** 31);
    const first = await leadership('node-a');
    const second = await leadership('node-b');
    const changes: boolean[] = [];
    first.onChange((leader) => changes.push(leader));
    const pid = await holderPid();
    expect(pid).not.toBeNull();

    const { rows } = await admin.query<{ ended: boolean }>('SELECT pg_terminate_backend($1) AS ended', [pid]);
    expect(rows[0]?.ended).toBe(true);
    await expect.poll(() => first.isLeader(), FAILOVER).toBe(false);
    await expect.poll(() => second.isLeader(), FAILOVER).toBe(true);
    expect(changes[0]).toBe(false);
    expect(logs).toContainEqual({ nodeId: 'node-a', msg: 'leadership: connection lost' });
    // The old leader reconnects as a follower: the lock stays with the new one.
    await sleep(3 * RETRY_MS);
    expect([first.isLeader(), second.isLeader()]).toEqual([false, true]);
    expect(await holderPid()).not.toBe(pid);
  });

  it('a closed leadership no longer tries the lock', async () => {
    lockKey = randomInt(1, 2 ** 31);
    const first = await leadership('node-a');
    await first.close();
    await sleep(3 * RETRY_MS);
    expect(first.isLeader()).toBe(false);
    expect(await holderPid()).toBeNull();
  });
});

describe('soleLeadership', () => {
  it('always leads and never changes', async () => {
    const sole = soleLeadership();
    const changes: boolean[] = [];
    sole.onChange((leader) => changes.push(leader));
    expect(sole.isLeader()).toBe(true);
    await sole.close();
    expect(sole.isLeader()).toBe(true);
    expect(changes).toEqual([]);
  });
});
