import type { Kysely } from 'kysely';
import { type DeviceScope, deviceInScope, devicesInScope } from '../../db/queries/device-scope.js';
import type { Database } from '../../db/schema.js';

/** The scope's reads (device-scope.ts's DeviceScopeReader). */
export class DeviceScopeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  visible(deviceId: number, scope: DeviceScope): Promise<boolean> {
    return deviceInScope(this.db, deviceId, scope);
  }

  async idsIn(scope: DeviceScope): Promise<number[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select('devices.id')
      .where((eb) => devicesInScope(eb, scope))
      .execute();
    return rows.map((r) => r.id);
  }

  async visibleOf(ids: readonly number[], scope: DeviceScope): Promise<number[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select('devices.id')
      .where('devices.id', 'in', [...ids])
      .where((eb) => devicesInScope(eb, scope))
      .execute();
    return rows.map((r) => r.id);
  }
}
