import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, WxAlarmSettingsTable } from '../../db/schema.js';

export type WxAlarmSettingsRow = Selectable<WxAlarmSettingsTable>;

/** The single settings row (id 1, created by the migration). */
const ID = 1;

export class WxAlarmRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<WxAlarmSettingsRow> {
    return this.db.selectFrom('wxAlarmSettings').selectAll().where('id', '=', ID).executeTakeFirstOrThrow();
  }

  async update(columns: Updateable<WxAlarmSettingsTable>): Promise<void> {
    await this.db.updateTable('wxAlarmSettings').set(columns).where('id', '=', ID).execute();
  }
}
