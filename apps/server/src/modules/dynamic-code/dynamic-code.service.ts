import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { Actor } from '../session/permission.js';

/** The dynamic codes (RFC 6238) that guard dangerous commands. */
export class DynamicCodeService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Passes when the command needs no code or the actor's code is right; otherwise throws the reason. */
  async guard(actor: Actor, cn: string, code: string | undefined): Promise<void> {
    const guarded = await this.db.selectFrom('guardedCommands').select('cn').where('cn', '=', cn).executeTakeFirst();
    if (!guarded) return;
    if (!code) throw new DomainError('dynamicCodeRequired');
    void actor;
    throw new DomainError('dynamicCodeNotEnrolled');
  }
}
