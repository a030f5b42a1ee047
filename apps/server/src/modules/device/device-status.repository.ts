import type { Kysely } from 'kysely';
import type { Database, DeviceStatusTable } from '../../db/schema.js';

/** Rows per statement: five parameters each, well inside both databases' parameter limits. */
const SAVE_CHUNK = 1000;

export class DeviceStatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the states, one per device, in one statement per 1,000. */
  async saveAll(statuses: DeviceStatusTable[]): Promise<void> {
    for (let i = 0; i < statuses.length; i += SAVE_CHUNK) await this.saveChunk(statuses.slice(i, i + SAVE_CHUNK));
  }

  private async saveChunk(statuses: DeviceStatusTable[]): Promise<void> {
    await this.db
      .insertInto('deviceStatus')
      .values(statuses)
      .onConflict((oc) =>
        oc.column('deviceId').doUpdateSet((eb) => ({
          online: eb.ref('excluded.online'),
          changedAt: eb.ref('excluded.changedAt'),
          lastPacketAt: eb.ref('excluded.lastPacketAt'),
          remote: eb.ref('excluded.remote'),
        })),
      )
      .execute();
  }

  /** At gateway start no station is connected yet, whatever the last process recorded. */
  async markAllOffline(at: number): Promise<void> {
    await this.db.updateTable('deviceStatus').set({ online: 0, changedAt: at }).where('online', '=', 1).execute();
  }

  async find(deviceId: number): Promise<DeviceStatusTable | undefined> {
    return this.db.selectFrom('deviceStatus').selectAll().where('deviceId', '=', deviceId).executeTakeFirst();
  }
}
