import { LIMITS, MESSAGES } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import type { SessionService } from '../session/session.service.js';
import type { PasswordCheck, UserService } from '../user/user.service.js';
import type { LoginFailureRepository } from './login-failure.repository.js';
import { LoginService } from './login.service.js';

/** In-memory failures, the same contract as the repository. */
class FakeFailures {
  rows: { userName: string; at: number }[] = [];
  record(userName: string, at: number, forgetBefore: number) {
    this.rows = this.rows.filter((r) => r.at >= forgetBefore);
    this.rows.push({ userName, at });
    return Promise.resolve();
  }
  countSince(userName: string, since: number) {
    return Promise.resolve(this.rows.filter((r) => r.userName === userName && r.at >= since).length);
  }
  clear(userName: string) {
    this.rows = this.rows.filter((r) => r.userName !== userName);
    return Promise.resolve();
  }
}

function setup(check: (userName: string, password: string) => Promise<PasswordCheck>) {
  const clock = new ManualClock();
  const failures = new FakeFailures();
  const checkPassword = vi.fn(check);
  const logError = vi.fn();
  const users = { checkPassword } as unknown as UserService;
  const sessions = { issue: () => Promise.resolve({ token: 't', expiresAt: 1 }) } as unknown as SessionService;
  const log = { error: logError } as unknown as FastifyBaseLogger;
  const service = new LoginService(failures as unknown as LoginFailureRepository, users, sessions, clock, log);
  return { service, clock, failures, checkPassword, logError };
}

const correct = (_: string, password: string): Promise<PasswordCheck> =>
  Promise.resolve(password === 'right' ? { outcome: 'ok', user: { userId: 1, userName: 'u' } } : { outcome: 'wrong' });

describe('LoginService', () => {
  it('signs in and forgets earlier failures', async () => {
    const { service, failures } = setup(correct);
    await expect(service.login({ userName: 'u', password: 'bad' })).rejects.toThrow(MESSAGES.loginWrongCredentials);
    expect(failures.rows).toHaveLength(1);
    await expect(service.login({ userName: 'u', password: 'right' })).resolves.toMatchObject({
      result: { token: 't' },
    });
    expect(failures.rows).toHaveLength(0);
  });

  it('locks a user name after the failure limit without checking the password, until the window passes', async () => {
    const { service, clock, checkPassword } = setup(correct);
    for (let i = 0; i < LIMITS.loginMaxFailures; i += 1) {
      await expect(service.login({ userName: 'u', password: 'bad' })).rejects.toThrow(MESSAGES.loginWrongCredentials);
    }
    const checks = checkPassword.mock.calls.length;
    await expect(service.login({ userName: 'u', password: 'right' })).rejects.toThrow(MESSAGES.loginThrottled);
    expect(checkPassword.mock.calls.length).toBe(checks);
    clock.advance(LIMITS.loginLockMs);
    await expect(service.login({ userName: 'u', password: 'right' })).rejects.toThrow(MESSAGES.loginThrottled);
    clock.advance(1);
    await expect(service.login({ userName: 'u', password: 'right' })).resolves.toBeDefined();
  });

  it('answers a disabled user with the general failure', async () => {
    const { service } = setup(() => Promise.resolve({ outcome: 'disabled' }));
    await expect(service.login({ userName: 'u', password: 'right' })).rejects.toThrow(MESSAGES.loginFailed);
  });

  it('turns unexpected errors into the general failure and logs them', async () => {
    const { service, logError } = setup(() => Promise.reject(new Error('database down')));
    await expect(service.login({ userName: 'u', password: 'x' })).rejects.toThrow(MESSAGES.loginFailed);
    expect(logError).toHaveBeenCalled();
  });
});
