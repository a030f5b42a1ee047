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
          nodeId: eb.ref('excluded.nodeId'),
        })),
      )
      .execute();
  }

  /**
   * At gateway start none of this node's stations is connected yet, whatever its predecessor recorded;
   * the stations another node holds are left to it.
   */
  async markAllOffline(at: number, nodeId: string): Promise<void> {
    await this.db
      .updateTable('deviceStatus')
      .set({ online: 0, changedAt: at })
      .where('online', '=', 1)
      .where((eb) => eb.or([eb('nodeId', '=', nodeId), eb('nodeId', 'is', null)]))
      .execute();
  }

  /**
   * Stores the stations offline where this node still holds them; returns those. A station that has moved
   * to another node's gateway keeps the state that node gave it.
   */
  async markOffline(statuses: readonly DeviceStatusTable[], nodeId: string): Promise<Set<number>> {
    const stored = new Set<number>();
    for (const { deviceId, changedAt, lastPacketAt } of statuses) {
      const result = await this.db
        .updateTable('deviceStatus')
        .set({ online: 0, changedAt, lastPacketAt })
        .where('deviceId', '=', deviceId)
        .where((eb) => eb.or([eb('nodeId', '=', nodeId), eb('nodeId', 'is', null)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) stored.add(deviceId);
    }
    return stored;
  }

  async find(deviceId: number): Promise<DeviceStatusTable | undefined> {
    return this.db.selectFrom('deviceStatus').selectAll().where('deviceId', '=', deviceId).executeTakeFirst();
  }
}
