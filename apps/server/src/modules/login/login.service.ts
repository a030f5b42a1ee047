import { LIMITS, MINUTE_MS, type LoginInput, type LoginResult } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { LogThrottle } from '../../lib/log-throttle.js';
import type { SessionService } from '../session/session.service.js';
import type { Actor } from '../session/permission.js';
import type { UserService } from '../user/user.service.js';
import type { LoginThrottleRepository, Reservation, ThrottleRule } from './login-throttle.repository.js';

export interface SignedIn {
  result: LoginResult;
  actor: Actor;
}

/** The throttle key counting a user name's attempts from every address it has not signed in from. */
export const ANY_ADDRESS = '*';

/** Lines about waits the log takes per minute; a spray of user names or addresses must not flood it. */
export const WAIT_LOGS_PER_MINUTE = 20;
/** How often forgotten keys are deleted (by whichever process signs someone in next). */
const PRUNE_EVERY_MS = 10 * MINUTE_MS;

/** The waits after `free` failures: the first wait, doubling up to the longest. */
export function throttleWaits(): number[] {
  const waits: number[] = [LIMITS.loginFirstWaitMs];
  while (waits[waits.length - 1]! < LIMITS.loginLockMs) {
    waits.push(Math.min(waits[waits.length - 1]! * 2, LIMITS.loginLockMs));
  }
  return waits;
}

export class LoginService {
  private readonly waits = throttleWaits();
  private readonly waitLogs: LogThrottle;
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly throttle: LoginThrottleRepository,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.waitLogs = new LogThrottle(() => clock.now(), MINUTE_MS, WAIT_LOGS_PER_MINUTE);
  }

  /**
   * Wrong credentials answer '用户名或密码错误！', anything else '登录失败！' (SPEC section 8).
   * Attempts are throttled per user name and caller address: after LIMITS.loginMaxFailures failures
   * each further attempt from there waits, LIMITS.loginFirstWaitMs doubling up to LIMITS.loginLockMs,
   * and is refused unchecked with '登录失败次数过多…' and `{ retryAfterMs }` before then. Failures from
   * addresses the user has not signed in from also count for the user name as a whole, with the much
   * higher bound LIMITS.loginUserMaxFailures: an attack spread over many addresses is slowed too, while
   * the user at a known address, or anyone at another address, is not locked out by someone else.
   */
  async login(input: LoginInput, address: string): Promise<SignedIn> {
    try {
      return await this.attempt(input, address);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      this.log.error({ err }, 'sign-in failed');
      throw new DomainError('loginFailed');
    }
  }

  private async attempt({ userName, password }: LoginInput, address: string): Promise<SignedIn> {
    const now = this.clock.now();
    await this.pruneNow(now);
    // Counted before the (slow) password check, so attempts sent at once cannot all pass a count of 0.
    const own = await this.reserve(userName, address, now, LIMITS.loginMaxFailures);
    const known = own.lastSuccessAt !== null && own.lastSuccessAt >= now - LIMITS.loginKnownAddressMs;
    const all = known ? null : await this.reserve(userName, ANY_ADDRESS, now, LIMITS.loginUserMaxFailures);

    const check = await this.users.checkPassword(userName, password);
    if (check.outcome === 'ok') {
      await this.throttle.succeeded(userName, address, now);
      // The user name's count over unknown addresses is of failures, and is not reset by one sign-in.
      if (all) await this.throttle.uncount(userName, ANY_ADDRESS);
      return { result: await this.sessions.issue(check.user.userId), actor: check.user };
    }
    this.logWait(userName, address, 'address', own, now);
    if (all) this.logWait(userName, address, 'userName', all, now);
    throw new DomainError(check.outcome === 'wrong' ? 'loginWrongCredentials' : 'loginFailed');
  }

  /** Counts the attempt for the key, or refuses it while the key waits. */
  private async reserve(userName: string, address: string, now: number, free: number): Promise<Reservation> {
    const rule: ThrottleRule = { free, waits: this.waits, forgetBefore: now - LIMITS.loginForgetMs };
    const reservation = await this.throttle.reserve(userName, address, now, rule);
    if (reservation) return reservation;
    const retryAfterMs = Math.max(0, (await this.throttle.blockedUntil(userName, address)) - now);
    throw new DomainError('loginThrottled', { retryAfterMs });
  }

  /**
   * A failure that makes a key wait is worth a warning (never with the password); at most a few a minute.
   * `scope` says which key: this address, or the user name over all unknown addresses.
   */
  private logWait(
    userName: string,
    address: string,
    scope: 'address' | 'userName',
    reservation: Reservation,
    now: number,
  ): void {
    const waitMs = reservation.blockedUntil - now;
    if (waitMs <= 0) return;
    const unlogged = this.waitLogs.take(`${scope} ${userName} ${address}`);
    if (unlogged === null) return;
    this.log.warn(
      { userName, address, scope, failures: reservation.failures, waitMs, unlogged },
      scope === 'userName'
        ? 'sign-in failures for this user name from unknown addresses: further attempts from them wait'
        : 'sign-in failures for this user name from this address: further attempts wait',
    );
  }

  private async pruneNow(now: number): Promise<void> {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.throttle.prune(now - LIMITS.loginForgetMs, now - LIMITS.loginKnownAddressMs);
  }
}
