import { randomInt } from 'node:crypto';
import { type AddressInfo, createConnection, createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../../../scripts/postgres.mjs';
import { type Leadership, PostgresLeadership, soleLeadership } from './leadership.js';

/** Short periods keep the test quick. */
const RETRY_MS = 100;
/**
 * A timeout far above the period: on a loaded machine a query or the event loop can take longer than a period, and
 * a leader whose `SELECT 1` times out rightly steps down — which these tests do not mean to provoke.
 */
const TIMEOUT_MS = 10_000;
/** A deadline, not a speed: failover comes at the next try, however slow the machine makes it. */
const FAILOVER = { timeout: 10_000, interval: 20 };

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

async function leadership(nodeId: string, url = server.url): Promise<PostgresLeadership> {
  const created = await PostgresLeadership.start({
    url,
    lockKey,
    nodeId,
    log: log(nodeId),
    retryMs: RETRY_MS,
    timeoutMs: TIMEOUT_MS,
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

/** A TCP relay to the server that can hold what its clients send (hold(): on the connections open at the time). */
async function holdingRelay(target: URL) {
  const pipes = new Set<{ client: Socket; upstream: Socket; holding: boolean }>();
  let held = 0;
  const relay = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
    const pipe = { client, upstream, holding: false };
    pipes.add(pipe);
    client.on('data', (chunk) => {
      if (pipe.holding) held += chunk.length;
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        other.destroy();
        pipes.delete(pipe);
      });
    }
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.port = String((relay.address() as AddressInfo).port);
  return {
    url: url.toString(),
    hold: () => {
      for (const pipe of pipes) pipe.holding = true;
    },
    heldBytes: () => held,
    close: () => {
      relay.close();
      for (const { client, upstream } of pipes) {
        client.destroy();
        upstream.destroy();
      }
    },
  };
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

  it('steps down the same way when the server ends its session while the leader checks it', async () => {
    lockKey = randomInt(1, 2 ** 31);
    // The leader reaches the server through a relay that can hold what it sends: its next `SELECT 1` is held, so the
    // session's end arrives while the query is out, the case a plain termination only meets now and then.
    const relay = await holdingRelay(new URL(server.url));
    try {
      const first = await leadership('node-a', relay.url);
      const second = await leadership('node-b');
      expect(first.isLeader()).toBe(true);
      const pid = await holderPid();
      relay.hold();
      await expect.poll(() => relay.heldBytes(), FAILOVER).toBeGreaterThan(0);

      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect.poll(() => first.isLeader(), FAILOVER).toBe(false);
      await expect.poll(() => second.isLeader(), FAILOVER).toBe(true);
      expect(logs).toContainEqual({ nodeId: 'node-a', msg: 'leadership: connection lost' });
      expect(logs).not.toContainEqual({ nodeId: 'node-a', msg: 'leadership: database unreachable; retrying' });
    } finally {
      relay.close();
    }
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
