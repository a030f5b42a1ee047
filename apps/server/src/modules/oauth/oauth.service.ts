import type { FastifyBaseLogger } from 'fastify';
import type { OAuthSettings } from '../../config/config.js';
import { DomainError } from '../../lib/errors.js';
import type { SignedIn } from '../login/login.service.js';
import type { SessionService } from '../session/session.service.js';
import type { UserService } from '../user/user.service.js';
import type { OAuthClient } from './oauth.client.js';

export interface OAuthProvider {
  settings: OAuthSettings;
  client: OAuthClient;
}

/**
 * External sign-in (authorization-code flow): the provider vouches for a user name through the
 * configured claim; only an existing, valid user of ours is signed in — accounts are not
 * created from outside.
 */
export class OAuthService {
  constructor(
    private readonly provider: OAuthProvider | null,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async login(code: string): Promise<SignedIn> {
    if (!this.provider) throw new DomainError('oauthNotConfigured');
    const { settings, client } = this.provider;
    let claims: Record<string, unknown>;
    try {
      claims = await client.userInfo(await client.exchangeCode(code));
    } catch (err) {
      this.log.warn({ err }, 'OAuth exchange failed');
      throw new DomainError('loginFailed');
    }
    const userName = claims[settings.usernameClaim];
    const user = typeof userName === 'string' && userName ? await this.users.findValid(userName) : null;
    if (!user) {
      this.log.warn({ claim: settings.usernameClaim }, 'OAuth user is not a valid user here');
      throw new DomainError('loginFailed');
    }
    return { result: await this.sessions.issue(user.userId), actor: user };
  }
}
