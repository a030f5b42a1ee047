import type { Kysely } from 'kysely';
import type { Database, DeviceStatusTable } from '../../db/schema.js';

export class DeviceStatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async save(status: DeviceStatusTable): Promise<void> {
    await this.db
      .insertInto('deviceStatus')
      .values(status)
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
