import pg from 'pg';

/**
 * Which process of the cluster does the work that must happen once (reissue bookkeeping, WeChat
 * sends; the scheduler and each upstream's forwarding have locks of their own). Every process keeps its own state;
 * only the leader acts on it.
 */
export interface Leadership {
  isLeader(): boolean;
  /** Hears every change (elected: true, lost: false); returns the function that stops listening. */
  onChange(listener: (leader: boolean) => void): () => void;
  /** Steps down (a held lock is released at once, not when the connection times out). */
  close(): Promise<void>;
}

/** The advisory-lock key of the cluster's duties: 'envmon' in ASCII, below 2^53 so a JS number holds it. */
export const LEADER_LOCK_KEY = 0x656e766d6f6e;

/**
 * The advisory-lock keys of the forwarding to upstream platforms (issue 20), one per upstream: 'fw' in ASCII above
 * 32 bits of upstream id, below 2^53 and apart from LEADER_LOCK_KEY.
 */
export const FORWARD_LOCK_BASE = 0x6677_0000_0000;

export const forwardLockKey = (upstreamId: number): number => FORWARD_LOCK_BASE + upstreamId;

/** The advisory-lock key of the scheduler (issue 21): 'jobs' in ASCII, apart from the keys above. */
export const SCHEDULER_LOCK_KEY = 0x6a6f6273;

const DEFAULT_RETRY_MS = 2000;

/**
 * Server-side TCP keepalive of the lock's session (seconds): a leader cut off by the network loses
 * the lock after about idle + interval × count = 25 s, well after it has stepped down itself (its
 * `SELECT 1` times out after timeoutMs, by default retryMs), so two leaders never overlap.
 */
const SERVER_KEEPALIVE = { idle: 10, interval: 5, count: 3 };

/** A single process (SQLite, or no NATS): it is the cluster, so it always leads. */
export function soleLeadership(): Leadership {
  return {
    isLeader: () => true,
    onChange: () => () => undefined,
    close: () => Promise.resolve(),
  };
}

/** What the leadership logs through: a Fastify logger (app.log.child(...)) fits. */
export interface LeadershipLog {
  info(fields: object, msg: string): void;
  warn(fields: object, msg: string): void;
}

export interface PostgresLeadershipOptions {
  url: string;
  /** The advisory lock held by the leader; LEADER_LOCK_KEY for the cluster duties. */
  lockKey: number;
  /** This process's name, in the log lines and the session's application_name. */
  nodeId: string;
  log: LeadershipLog;
  /** How often a follower tries the lock and a leader proves its connection alive. */
  retryMs?: number;
  /**
   * How long connecting or a query may take before the try counts as failed (a leader steps down). Default retryMs:
   * a leader whose server stopped answering steps down within one period. Well below the server's keepalive
   * (SERVER_KEEPALIVE), or a cut-off leader could still lead when the server frees its lock.
   */
  timeoutMs?: number;
}

/**
 * The leader is the process holding a session-level advisory lock on its own connection (not a pool's:
 * the lock belongs to the session). When the process dies the server ends the session and frees the
 * lock, and a follower takes it at its next try, within retryMs.
 */
export class PostgresLeadership implements Leadership {
  private client: pg.Client | null = null;
  private leader = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private attempt: Promise<void> | null = null;
  /** Whether the last try failed, so that a server that stays down is logged once, not every retry. */
  private failing = false;
  /** A leader that lost its session waits this long (real time) before trying again, so a healthy follower wins. */
  private holdOffUntil = 0;
  private readonly listeners = new Set<(leader: boolean) => void>();
  private readonly retryMs: number;
  private readonly timeoutMs: number;

  private constructor(private readonly options: PostgresLeadershipOptions) {
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
    this.timeoutMs = options.timeoutMs ?? this.retryMs;
  }

  /** Tries the lock once before resolving (so a lone process leads from the start), then keeps trying. */
  static async start(options: PostgresLeadershipOptions): Promise<PostgresLeadership> {
    const leadership = new PostgresLeadership(options);
    await leadership.run();
    return leadership;
  }

  isLeader(): boolean {
    return this.leader;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.attempt;
    const client = this.client;
    this.client = null;
    if (client) {
      if (this.leader)
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [this.options.lockKey]).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
    this.set(false);
  }

  private async run(): Promise<void> {
    this.attempt = this.check();
    await this.attempt;
    this.attempt = null;
    if (this.closed) return;
    this.timer = setTimeout(() => void this.run(), this.retryMs);
    this.timer.unref();
  }

  /** One try: a follower asks for the lock, a leader proves its session is still there. */
  private async check(): Promise<void> {
    const held = this.client;
    try {
      const client = held ?? (await this.connect());
      if (this.leader) {
        await client.query('SELECT 1');
      } else if (Date.now() >= this.holdOffUntil) {
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [
          this.options.lockKey,
        ]);
        if (rows[0]?.locked) this.set(true);
      }
      if (this.failing) this.options.log.info({ nodeId: this.options.nodeId }, 'leadership: database reachable again');
      this.failing = false;
    } catch (err) {
      if (this.closed) return;
      if (held !== null) {
        // The session ended (or stopped answering) under this try's query: the ending reaches the query, not the
        // 'error' listener, but it is the same event and is told the same way.
        if (this.client === held) this.lost(err);
        return;
      }
      if (!this.failing) {
        this.options.log.warn({ err, nodeId: this.options.nodeId }, 'leadership: database unreachable; retrying');
      }
      this.failing = true;
      this.drop();
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: `envmon-leader:${this.options.nodeId}`,
      connectionTimeoutMillis: this.timeoutMs,
      // A leader whose server stopped answering steps down after the timeout, not after TCP gives up.
      query_timeout: this.timeoutMs,
      keepAlive: true,
    });
    // A session ended under us (server restart, pg_terminate_backend) is an event; unheard it would end the process.
    client.on('error', (err) => {
      if (this.client === client) this.lost(err);
    });
    try {
      await client.connect();
      const { idle, interval, count } = SERVER_KEEPALIVE;
      await client.query(
        `SET tcp_keepalives_idle = ${idle}; SET tcp_keepalives_interval = ${interval}; SET tcp_keepalives_count = ${count}`,
      );
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('leadership closed');
    }
    this.client = client;
    return client;
  }

  /** The session ended under us between tries or during one. */
  private lost(err: unknown): void {
    this.options.log.warn({ err, nodeId: this.options.nodeId }, 'leadership: connection lost');
    this.drop();
  }

  /** Forgets the connection (the server frees its lock as the session ends) and steps down. */
  private drop(): void {
    const client = this.client;
    this.client = null;
    if (client) void client.end().catch(() => undefined);
    if (this.leader) this.holdOffUntil = Date.now() + 2 * this.retryMs;
    this.set(false);
  }

  private set(leader: boolean): void {
    if (this.leader === leader) return;
    this.leader = leader;
    this.options.log.info({ nodeId: this.options.nodeId }, leader ? 'leadership: elected' : 'leadership: lost');
    for (const listener of [...this.listeners]) {
      try {
        listener(leader);
      } catch (err) {
        this.options.log.warn({ err, nodeId: this.options.nodeId }, 'leadership: a listener failed');
      }
    }
  }
}
