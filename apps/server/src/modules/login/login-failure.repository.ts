import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Failed sign-ins per user name, for throttling. */
export class LoginFailureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(userName: string, at: number, forgetBefore: number): Promise<void> {
    await this.db.deleteFrom('loginFailures').where('failedAt', '<', forgetBefore).execute();
    await this.db.insertInto('loginFailures').values({ userName, failedAt: at }).execute();
  }

  async countSince(userName: string, since: number): Promise<number> {
    const { total } = await this.db
      .selectFrom('loginFailures')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('userName', '=', userName)
      .where('failedAt', '>=', since)
      .executeTakeFirstOrThrow();
    return total;
  }

  async clear(userName: string): Promise<void> {
    await this.db.deleteFrom('loginFailures').where('userName', '=', userName).execute();
  }
}
