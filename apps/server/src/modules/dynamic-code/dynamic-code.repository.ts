import type { Kysely, Selectable } from 'kysely';
import type { Database, TotpEnrolmentsTable } from '../../db/schema.js';

export type EnrolmentRow = Selectable<TotpEnrolmentsTable>;

/** The totp_enrolments and guarded_commands tables. */
export class DynamicCodeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async guardedCns(): Promise<string[]> {
    const rows = await this.db.selectFrom('guardedCommands').select('cn').execute();
    return rows.map((r) => r.cn);
  }

  async isGuarded(cn: string): Promise<boolean> {
    const row = await this.db.selectFrom('guardedCommands').select('cn').where('cn', '=', cn).executeTakeFirst();
    return row !== undefined;
  }

  async replaceGuarded(cns: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('guardedCommands').execute();
      if (cns.length > 0)
        await trx
          .insertInto('guardedCommands')
          .values(cns.map((cn) => ({ cn })))
          .execute();
    });
  }

  enrolment(userId: number): Promise<EnrolmentRow | undefined> {
    return this.db.selectFrom('totpEnrolments').selectAll().where('userId', '=', userId).executeTakeFirst();
  }

  /** A new secret, not confirmed: the previous one (if any) stops working, its counters start again. */
  async start(userId: number, secret: string, now: number): Promise<void> {
    const fresh = { secret, confirmed: 0, lastStep: null, failures: 0, lockedUntil: null, createTime: now };
    await this.db
      .insertInto('totpEnrolments')
      .values({ userId, ...fresh })
      .onConflict((oc) => oc.column('userId').doUpdateSet(fresh))
      .execute();
  }

  /**
   * One wrong code, in one statement: the failure counted, or — the `maxFailures`th in a row — the codes locked
   * until `lockedUntil` and the count started again. Answers whether this one locked them.
   */
  async fail(userId: number, maxFailures: number, lockedUntil: number): Promise<boolean> {
    const row = await this.db
      .updateTable('totpEnrolments')
      .set((eb) => ({
        failures: eb
          .case()
          .when('failures', '>=', maxFailures - 1)
          .then(0)
          .else(eb('failures', '+', 1))
          .end(),
        lockedUntil: eb
          .case()
          .when('failures', '>=', maxFailures - 1)
          .then(lockedUntil)
          .else(eb.ref('lockedUntil'))
          .end(),
      }))
      .where('userId', '=', userId)
      .returning('lockedUntil')
      .executeTakeFirst();
    return row?.lockedUntil === lockedUntil;
  }

  /**
   * Accepts the time step of a right code — only if no request took this step or a later one first, and the
   * codes are not locked (and, for a command, the enrolment is confirmed): a conditional update, so two
   * requests with the same code cannot both pass. `confirm` confirms the enrolment too. Answers whether it did.
   */
  async accept(
    userId: number,
    secret: string,
    step: number,
    now: number,
    options: { confirm: boolean; confirmedOnly: boolean },
  ): Promise<boolean> {
    let update = this.db
      .updateTable('totpEnrolments')
      .set({ lastStep: step, failures: 0, ...(options.confirm ? { confirmed: 1 } : {}) })
      .where('userId', '=', userId)
      // The secret the code was checked against: not one a concurrent renewal has just replaced.
      .where('secret', '=', secret)
      .where((eb) => eb.or([eb('lastStep', 'is', null), eb('lastStep', '<', step)]))
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]));
    if (options.confirmedOnly) update = update.where('confirmed', '=', 1);
    const { numUpdatedRows } = await update.executeTakeFirst();
    return Number(numUpdatedRows) === 1;
  }
}
