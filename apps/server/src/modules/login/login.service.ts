import { LIMITS, type LoginInput, type LoginResult } from '@envmon/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { SessionService } from '../session/session.service.js';
import type { Actor } from '../session/permission.js';
import type { UserService } from '../user/user.service.js';
import type { LoginFailureRepository } from './login-failure.repository.js';

export interface SignedIn {
  result: LoginResult;
  actor: Actor;
}

export class LoginService {
  constructor(
    private readonly failures: LoginFailureRepository,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Wrong credentials answer '用户名或密码错误！', anything else '登录失败！' (SPEC section 8).
   * After LIMITS.loginMaxFailures failures within LIMITS.loginLockMs a user name is refused
   * until the window has passed, whatever the password.
   */
  async login(input: LoginInput): Promise<SignedIn> {
    try {
      return await this.attempt(input);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      this.log.error({ err }, 'sign-in failed');
      throw new DomainError('loginFailed');
    }
  }

  private async attempt({ userName, password }: LoginInput): Promise<SignedIn> {
    const now = this.clock.now();
    const windowStart = now - LIMITS.loginLockMs;
    if ((await this.failures.countSince(userName, windowStart)) >= LIMITS.loginMaxFailures) {
      throw new DomainError('loginThrottled');
    }
    const check = await this.users.checkPassword(userName, password);
    switch (check.outcome) {
      case 'wrong':
        await this.failures.record(userName, now, windowStart);
        throw new DomainError('loginWrongCredentials');
      case 'disabled':
        await this.failures.record(userName, now, windowStart);
        throw new DomainError('loginFailed');
      case 'ok':
        await this.failures.clear(userName);
        return { result: await this.sessions.issue(check.user.userId), actor: check.user };
    }
  }
}
