import { LIMITS, MESSAGES } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { SessionService } from '../session/session.service.js';
import type { PasswordCheck, UserService } from '../user/user.service.js';
import type { LoginThrottleRepository, Reservation, ThrottleRule } from './login-throttle.repository.js';
import { ANY_ADDRESS, LoginService, throttleWaits, WAIT_LOGS_PER_MINUTE } from './login.service.js';

/** In memory, the same contract as the repository's upsert. */
class FakeThrottle {
  rows = new Map<string, Reservation & { lastAttemptAt: number }>();

  reserve(userName: string, address: string, now: number, rule: ThrottleRule): Promise<Reservation | null> {
    const key = `${userName}|${address}`;
    const row = this.rows.get(key);
    const forgotten = !row || row.lastAttemptAt <= rule.forgetBefore;
    if (!forgotten && row.blockedUntil > now) return Promise.resolve(null);
    const failures = forgotten ? 1 : row.failures + 1;
    const wait = failures < rule.free ? 0 : rule.waits[Math.min(failures - rule.free, rule.waits.length - 1)]!;
    const next = { failures, lastAttemptAt: now, blockedUntil: now + wait, lastSuccessAt: row?.lastSuccessAt ?? null };
    this.rows.set(key, next);
    return Promise.resolve(next);
  }

  blockedUntil(userName: string, address: string): Promise<number> {
    return Promise.resolve(this.rows.get(`${userName}|${address}`)?.blockedUntil ?? 0);
  }

  succeeded(userName: string, address: string, now: number): Promise<void> {
    this.rows.set(`${userName}|${address}`, { failures: 0, lastAttemptAt: now, blockedUntil: now, lastSuccessAt: now });
    return Promise.resolve();
  }

  uncount(userName: string, address: string): Promise<void> {
    const row = this.rows.get(`${userName}|${address}`);
    if (row && row.failures > 0) row.failures -= 1;
    return Promise.resolve();
  }

  prune(): Promise<void> {
    return Promise.resolve();
  }
}

function setup(check: (userName: string, password: string) => Promise<PasswordCheck>) {
  const clock = new ManualClock();
  const throttle = new FakeThrottle();
  const checkPassword = vi.fn(check);
  const logError = vi.fn();
  const logWarn = vi.fn();
  const users = { checkPassword } as unknown as UserService;
  const sessions = { issue: () => Promise.resolve({ token: 't', expiresAt: 1 }) } as unknown as SessionService;
  const log = { error: logError, warn: logWarn } as unknown as FastifyBaseLogger;
  const service = new LoginService(throttle as unknown as LoginThrottleRepository, users, sessions, clock, log);
  return { service, clock, throttle, checkPassword, logError, logWarn };
}

const correct = (_: string, password: string): Promise<PasswordCheck> =>
  Promise.resolve(password === 'right' ? { outcome: 'ok', user: { userId: 1, userName: 'u' } } : { outcome: 'wrong' });

/** The retryAfterMs of a throttled refusal (null for any other outcome). */
async function retryAfter(attempt: Promise<unknown>): Promise<number | null> {
  try {
    await attempt;
    return null;
  } catch (err) {
    if (err instanceof DomainError && err.reason === 'loginThrottled') {
      return (err.data as { retryAfterMs: number }).retryAfterMs;
    }
    return null;
  }
}

describe('throttleWaits', () => {
  it('starts at the first wait and doubles up to the longest', () => {
    const waits = throttleWaits();
    expect(waits[0]).toBe(LIMITS.loginFirstWaitMs);
    expect(waits[1]).toBe(2 * LIMITS.loginFirstWaitMs);
    expect(waits.at(-1)).toBe(LIMITS.loginLockMs);
    expect(waits.at(-2)).toBeLessThan(LIMITS.loginLockMs);
  });
});

describe('LoginService', () => {
  it('signs in and forgets earlier failures', async () => {
    const { service, throttle } = setup(correct);
    await expect(service.login({ userName: 'u', password: 'bad' }, 'a')).rejects.toThrow(
      MESSAGES.loginWrongCredentials,
    );
    expect(throttle.rows.get('u|a')?.failures).toBe(1);
    await expect(service.login({ userName: 'u', password: 'right' }, 'a')).resolves.toMatchObject({
      result: { token: 't' },
    });
    expect(throttle.rows.get('u|a')).toMatchObject({ failures: 0, lastSuccessAt: expect.any(Number) as number });
  });

  it('makes an address wait after the failure limit, without checking the password, growing each failure', async () => {
    const { service, clock, checkPassword } = setup(correct);
    const from = (password: string) => service.login({ userName: 'u', password }, 'a');
    for (let i = 0; i < LIMITS.loginMaxFailures; i += 1) {
      await expect(from('bad')).rejects.toThrow(MESSAGES.loginWrongCredentials);
    }
    const checks = checkPassword.mock.calls.length;
    expect(await retryAfter(from('right'))).toBe(LIMITS.loginFirstWaitMs);
    expect(checkPassword.mock.calls.length).toBe(checks);
    clock.advance(LIMITS.loginFirstWaitMs);
    await expect(from('bad')).rejects.toThrow(MESSAGES.loginWrongCredentials);
    expect(await retryAfter(from('right'))).toBe(2 * LIMITS.loginFirstWaitMs);
    // Another address is not affected.
    await expect(service.login({ userName: 'u', password: 'right' }, 'b')).resolves.toBeDefined();
  });

  it('bounds a user name over unknown addresses, but not at an address it signed in from', async () => {
    const { service } = setup(correct);
    await service.login({ userName: 'u', password: 'right' }, 'home');
    for (let i = 0; i < LIMITS.loginUserMaxFailures; i += 1) {
      await expect(service.login({ userName: 'u', password: 'bad' }, `x${i}`)).rejects.toThrow(
        MESSAGES.loginWrongCredentials,
      );
    }
    expect(await retryAfter(service.login({ userName: 'u', password: 'right' }, 'new'))).toBeGreaterThan(0);
    await expect(service.login({ userName: 'u', password: 'right' }, 'home')).resolves.toBeDefined();
  });

  it('counts failures from unknown addresses only for the user name', async () => {
    const { service, throttle } = setup(correct);
    const all = () => throttle.rows.get(`u|${ANY_ADDRESS}`)?.failures;
    await expect(service.login({ userName: 'u', password: 'bad' }, 'x')).rejects.toThrow();
    expect(all()).toBe(1);
    await service.login({ userName: 'u', password: 'right' }, 'home');
    expect(all()).toBe(1);
    await expect(service.login({ userName: 'u', password: 'bad' }, 'home')).rejects.toThrow();
    expect(all()).toBe(1);
  });

  it('logs the waits it starts with user name and address, a limited number a minute, never the password', async () => {
    const { service, logWarn, clock } = setup(correct);
    // Each user name reaches its limit once: one wait each.
    for (let user = 0; user < WAIT_LOGS_PER_MINUTE + 10; user += 1) {
      for (let i = 0; i < LIMITS.loginMaxFailures; i += 1) {
        await service.login({ userName: `u${user}`, password: 'secret-guess' }, 'a').catch(() => undefined);
      }
    }
    expect(logWarn).toHaveBeenCalledTimes(WAIT_LOGS_PER_MINUTE);
    expect(logWarn.mock.calls[0]?.[0]).toMatchObject({ userName: 'u0', address: 'a', scope: 'address', unlogged: 0 });
    expect(JSON.stringify(logWarn.mock.calls)).not.toContain('secret-guess');
    clock.advance(60_000);
    for (let i = 0; i < LIMITS.loginMaxFailures; i += 1) {
      await service.login({ userName: 'late', password: 'x' }, 'a').catch(() => undefined);
    }
    expect(logWarn.mock.calls.at(-1)?.[0]).toMatchObject({ userName: 'late', unlogged: 10 });
  });

  it('answers a disabled user with the general failure', async () => {
    const { service } = setup(() => Promise.resolve({ outcome: 'disabled' }));
    await expect(service.login({ userName: 'u', password: 'right' }, 'a')).rejects.toThrow(MESSAGES.loginFailed);
  });

  it('turns unexpected errors into the general failure and logs them', async () => {
    const { service, logError } = setup(() => Promise.reject(new Error('database down')));
    await expect(service.login({ userName: 'u', password: 'x' }, 'a')).rejects.toThrow(MESSAGES.loginFailed);
    expect(logError).toHaveBeenCalled();
  });
});
