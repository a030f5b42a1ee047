import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How one key of the throttle waits: the policy, decided by the service. */
export interface ThrottleRule {
  /** Attempts that never wait; the attempt that reaches this count makes the next one wait waits[0]. */
  free: number;
  /** waits[i]: how long the attempt after free + i attempts waits; the last value applies from there on. */
  waits: readonly number[];
  /** Attempts at or before this time are forgotten. */
  forgetBefore: number;
}

export interface Reservation {
  /** Attempts counted for the key, this one included. */
  failures: number;
  /** The next attempt is refused before this time (if this one fails). */
  blockedUntil: number;
  lastSuccessAt: number | null;
}

/** A time as a bigint in both dialects (PostgreSQL would guess text or integer for a bare parameter). */
const bigint = (ms: number): RawBuilder<number> => sql<number>`cast(${ms} as bigint)`;

/**
 * Sign-in attempts per (user name, address). Each attempt is counted before its password is checked, in
 * one upsert that also refuses it while the key waits: many attempts at once, in one process or several,
 * each get their own count, so no more than the rule allows reach the password check.
 */
export class LoginThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts an attempt, or answers null when the key must still wait (the attempt is then not counted). */
  async reserve(userName: string, address: string, now: number, rule: ThrottleRule): Promise<Reservation | null> {
    const forgotten = sql<boolean>`login_throttle.last_attempt_at <= ${bigint(rule.forgetBefore)}`;
    const failures = sql<number>`case when ${forgotten} then 1 else login_throttle.failures + 1 end`;
    const row = await this.db
      .insertInto('loginThrottle')
      .values({
        userName,
        address,
        failures: 1,
        lastAttemptAt: now,
        blockedUntil: blockedUntil(sql<number>`1`, now, rule),
        lastSuccessAt: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['userName', 'address'])
          .doUpdateSet({ failures, lastAttemptAt: now, blockedUntil: blockedUntil(failures, now, rule) })
          .where(sql<boolean>`login_throttle.blocked_until <= ${bigint(now)} or ${forgotten}`),
      )
      .returning(['failures', 'blockedUntil', 'lastSuccessAt'])
      .executeTakeFirst();
    return row ?? null;
  }

  /** When the key's next attempt is allowed (0 when it has none). */
  async blockedUntil(userName: string, address: string): Promise<number> {
    const row = await this.db
      .selectFrom('loginThrottle')
      .select('blockedUntil')
      .where('userName', '=', userName)
      .where('address', '=', address)
      .executeTakeFirst();
    return row?.blockedUntil ?? 0;
  }

  /** A sign-in: the key's attempts are forgotten and the address becomes known for the user. */
  async succeeded(userName: string, address: string, now: number): Promise<void> {
    const reset = { failures: 0, lastAttemptAt: now, blockedUntil: now, lastSuccessAt: now };
    await this.db
      .insertInto('loginThrottle')
      .values({ userName, address, ...reset })
      .onConflict((oc) => oc.columns(['userName', 'address']).doUpdateSet(reset))
      .execute();
  }

  /** Takes back one counted attempt that turned out to be a sign-in (for a key that a sign-in does not reset). */
  async uncount(userName: string, address: string): Promise<void> {
    await this.db
      .updateTable('loginThrottle')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('userName', '=', userName)
      .where('address', '=', address)
      .where('failures', '>', 0)
      .execute();
  }

  /** Drops keys with nothing left to remember: attempts forgotten and no sign-in still known. */
  async prune(forgetBefore: number, knownBefore: number): Promise<void> {
    await this.db
      .deleteFrom('loginThrottle')
      .where('lastAttemptAt', '<=', forgetBefore)
      .where((eb) => eb.or([eb('lastSuccessAt', 'is', null), eb('lastSuccessAt', '<', knownBefore)]))
      .execute();
  }
}

/** now plus the rule's wait after `failures` attempts, as one CASE over the (few) steps of the rule. */
function blockedUntil(failures: RawBuilder<number>, now: number, rule: ThrottleRule): RawBuilder<number> {
  const steps = rule.waits
    .slice(0, -1)
    .map((wait, i) => sql`when ${failures} = ${rule.free + i} then ${bigint(now + wait)}`);
  const longest = rule.waits.at(-1) ?? 0;
  return sql<number>`case when ${failures} < ${rule.free} then ${bigint(now)} ${sql.join(steps, sql` `)} else ${bigint(now + longest)} end`;
}
