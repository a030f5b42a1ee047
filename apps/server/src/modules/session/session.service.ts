import { createHash, randomBytes } from 'node:crypto';
import type { LoginResult } from '@envmon/shared';
import type { Clock } from '../../lib/clock.js';
import type { SessionIdentity, SessionRepository } from './session.repository.js';

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Bearer tokens: 256 random bits handed out once; the database keeps only their hash. */
export class SessionService {
  constructor(
    private readonly repo: SessionRepository,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async issue(userId: number): Promise<LoginResult> {
    const now = this.clock.now();
    // Housekeeping at sign-in keeps the table to live sessions without a scheduler.
    await this.repo.deleteExpired(now);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + this.ttlMs;
    await this.repo.insert({ tokenHash: hashToken(token), userId, createTime: now, expiresAt });
    return { token, expiresAt };
  }

  authenticate(token: string): Promise<SessionIdentity | null> {
    return this.repo.findLive(hashToken(token), this.clock.now());
  }

  revoke(sessionId: number): Promise<void> {
    return this.repo.revoke(sessionId);
  }

  /** After a password change: every other session of the user ends. */
  revokeOthers(userId: number, keepSessionId: number | null): Promise<void> {
    return this.repo.revokeAllOfUser(userId, keepSessionId);
  }
}
