import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface SessionIdentity {
  sessionId: number;
  userId: number;
  userName: string;
}

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: { tokenHash: string; userId: number; createTime: number; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ ...row, revoked: 0 })
      .execute();
  }

  /** The live session for a token hash: not revoked, not expired, its user still valid. */
  async findLive(tokenHash: string, now: number): Promise<SessionIdentity | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select(['sessions.id as sessionId', 'users.id as userId', 'users.userName'])
      .where('sessions.tokenHash', '=', tokenHash)
      .where('sessions.revoked', '=', 0)
      .where('sessions.expiresAt', '>', now)
      .where('users.ifValid', '=', 1)
      .executeTakeFirst();
    return row ?? null;
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked: 1 }).where('id', '=', sessionId).execute();
  }

  async revokeAllOfUser(userId: number, exceptSessionId: number | null): Promise<void> {
    let query = this.db.updateTable('sessions').set({ revoked: 1 }).where('userId', '=', userId);
    if (exceptSessionId !== null) query = query.where('id', '<>', exceptSessionId);
    await query.execute();
  }

  async deleteExpired(now: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
  }
}
